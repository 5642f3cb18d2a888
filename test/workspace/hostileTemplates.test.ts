// Hostile templates (test/fixtures/hostile-templates.ts) in the workspace: indexed like any
// header, the server keeps serving while and after it indexes them, and the template resolver
// answers each question with what C++ gives or with unknown — never anything else.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import type { Hover } from 'vscode-languageserver-protocol';
import type { WorkspaceIndexAnswer } from '../../shared/protocol';
import { HeaderIndex, evaluateScratch, outcomeFields } from '../../server/src/language';
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
      const h = await c.request<Hover | null>('textDocument/hover', {
        textDocument: { uri: 'file:///work/s.tla' },
        position: { line: 0, character: 5 },
      });
      // (4,8):(8,1) by the text
      assert.match((h!.contents as { value: string }).value, /\(4,8\):\(8,1\)/);
    } finally {
      await c.close();
    }
  });
});

/** C++'s spellings of one type as the resolver prints them (int is int32_t on every Catlass target). */
const typeName = (t: string) => t.replace(/\bint\b/g, 'int32_t').replace(/\s+/g, '');

describe('the template resolver on hostile templates', () => {
  const dir = '/hostile/include';
  const index = new HeaderIndex();
  for (const h of HOSTILE_TEMPLATES) index.setFile(`${dir}/${h.path}`, h.text);

  for (const h of HOSTILE_TEMPLATES) {
    test(`${h.name}: what C++ gives, or unknown`, () => {
      for (const q of h.questions) {
        const isValue = /::(value|v|n)$/.test(q.ask);
        const text = `#include "${h.path}"\n${isValue ? `constexpr int64_t Q = ${q.ask};` : `using Q = ${q.ask};`}\n`;
        const r = evaluateScratch(text, index, (f) => f.slice(dir.length + 1), 2201, dir);
        const o = r.resolved.get('Q')?.outcome;
        const what = `${q.ask.slice(0, 60)}: ${JSON.stringify(o && ('ok' in o ? outcomeFields(o) : o), (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`;
        assert.ok(o, `${what}: not resolved at all`);
        if ('unknown' in o) continue; // always allowed
        if (q.cxx === 'unknown') assert.fail(`${what}: C++ gives nothing here, the resolver must say unknown`);
        if ('error' in o) {
          assert.equal(`static_assert: ${o.error.text}`, q.cxx, what);
          continue;
        }
        const f = outcomeFields(o) as { value?: string; type?: string };
        if (isValue) assert.equal(f.value, q.cxx, what);
        else assert.equal(typeName(String(f.type)), typeName(q.cxx), what);
      }
    });
  }
});
