// Hostile templates (test/fixtures/hostile-templates.ts) in the workspace: indexed like any
// header, and the server keeps serving while and after it indexes them.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import type { Hover } from 'vscode-languageserver-protocol';
import type { WorkspaceIndexAnswer } from '../../shared/protocol';
import { HOSTILE_TEMPLATES } from '../fixtures/hostile-templates';
import { startClient } from '../protocol/client';
import { indexOf, tempTree } from './workspaceKit';

describe('hostile templates in the workspace', () => {
  const t = tempTree(Object.fromEntries(HOSTILE_TEMPLATES.map((h) => [h.path, h.text])));
  after(t.remove);

  test('every hostile header is indexed', async () => {
    const live = indexOf([t.root]);
    await live.index.whenIdle();
    assert.deepEqual([...live.facts.files.keys()].map((p) => path.relative(t.root, p)).sort(), HOSTILE_TEMPLATES.map((h) => h.path).sort());
    assert.deepEqual(live.notices, []);
    live.index.dispose();
  });

  test('the server indexes them and keeps answering', async () => {
    const c = await startClient({}, undefined, { workspaceFolders: [t.dir] });
    try {
      await c.open('file:///work/s.tla', 'auto L = MakeLayout(MakeShape(4, 8), MakeStride(8, 1));\n');
      for (;;) {
        const s = await c.request<WorkspaceIndexAnswer>('tlaLayout/workspaceIndex', { digest: false });
        if (s.state === 'idle' && s.roots.length) {
          assert.equal(s.files, HOSTILE_TEMPLATES.length);
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      const h = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri: 'file:///work/s.tla' }, position: { line: 0, character: 5 } });
      // (4,8):(8,1) by the text
      assert.match((h!.contents as { value: string }).value, /\(4,8\):\(8,1\)/);
    } finally {
      await c.close();
    }
  });
});
