// Runs inside a real VS Code (extension host) through @vscode/test-electron:
// the extension's providers answer through VS Code's own command API.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function run(): Promise<void> {
  const root = process.env.TLA_EXAMPLES ?? path.resolve(__dirname, '../../examples');
  const uri = vscode.Uri.file(path.join(root, '06-tile-layout.tla'));
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc);
  assert.equal(doc.languageId, 'tla-layout');
  const line = doc
    .getText()
    .split('\n')
    .findIndex((l) => l.includes('GetTileLayout(a, MakeShape(4, 4), MakeCoord(6, 10))'));
  assert.ok(line >= 0);

  // inlay hint: the tail tile preview (guide: originShape cropped to (2, 2))
  const hints = await waitFor('inlay hints', async () => {
    const h = await vscode.commands.executeCommand<vscode.InlayHint[]>(
      'vscode.executeInlayHintProvider',
      uri,
      new vscode.Range(line, 0, line + 1, 0),
    );
    return h && h.length ? h : undefined;
  });
  const label = (h: vscode.InlayHint) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''));
  assert.ok(
    hints.some((h) => label(h) === '▸ ((_4,1),(_4,1)) valid (2,2) tail'),
    hints.map(label).join(' | '),
  );

  // hover on the coordinate (6, 10): its offset in the parent, 90 = (2·4 + 1·16) + (2·1 + 2·32)
  const col = doc.lineAt(line).text.indexOf('MakeCoord(6, 10)') + 3;
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(line, col));
  const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
  assert.ok(text.includes('(6,10) → 2·4 + 1·16 + 2·1 + 2·32 = 90'), text);

  // a rank mismatch typed in shows as a problem, and goes when fixed
  const end = doc.lineAt(doc.lineCount - 1).range.end;
  await editor.edit((e) => e.insert(end, '\nauto bad = a(MakeCoord(1, 2, 3));\n'));
  const problems = await waitFor('the rank-mismatch diagnostic', () => {
    const d = vscode.languages.getDiagnostics(uri).filter((x) => x.code === 'rank-mismatch');
    return d.length ? d : undefined;
  });
  assert.match(problems[0].message, /coord rank 3 differs from shape rank 2/);
  await vscode.commands.executeCommand('undo');
  await waitFor('the diagnostic to go', () => (vscode.languages.getDiagnostics(uri).some((x) => x.code === 'rank-mismatch') ? undefined : true));
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
}
