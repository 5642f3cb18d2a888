// Smoke test of the e2e infrastructure: code-server + Chromium + harness, with a tiny
// throwaway extension generated here (language `tla-layout`, a hover, inlay hints and a
// diagnostic). Proves the harness can see what a user sees.
//
//   node --test test/e2e/smoke.e2e.mjs        (SKIP_E2E=1 skips it)
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startVSCode } from './harness.mjs';

const skip = process.env.SKIP_E2E ? 'SKIP_E2E is set' : process.platform !== 'linux' ? 'e2e runs on Linux only' : false;

/** Writes the throwaway extension and a workspace into a temp dir. */
function makeFixture() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tla-e2e-smoke-'));
  const ext = path.join(dir, 'ext');
  fs.mkdirSync(path.join(ext, 'dist'), { recursive: true });
  fs.writeFileSync(
    path.join(ext, 'package.json'),
    JSON.stringify(
      {
        name: 'e2e-smoke',
        publisher: 'e2e',
        version: '0.0.1',
        engines: { vscode: '^1.90.0' },
        main: './dist/extension.js',
        activationEvents: ['onLanguage:tla-layout'],
        contributes: { languages: [{ id: 'tla-layout', aliases: ['TLA Layout'], extensions: ['.tla'] }] },
      },
      null,
      2,
    ),
  );
  fs.writeFileSync(
    path.join(ext, 'dist', 'extension.js'),
    `const vscode = require('vscode');
exports.activate = function (ctx) {
  const sel = { language: 'tla-layout' };
  ctx.subscriptions.push(vscode.languages.registerHoverProvider(sel, {
    provideHover(doc, pos) {
      const r = doc.getWordRangeAtPosition(pos);
      return new vscode.Hover(new vscode.MarkdownString('TLA-HOVER-OK word=' + (r ? doc.getText(r) : '')), r);
    },
  }));
  ctx.subscriptions.push(vscode.languages.registerInlayHintsProvider(sel, {
    provideInlayHints(doc, range) {
      const hints = [];
      for (let i = range.start.line; i <= range.end.line && i < doc.lineCount; i++) {
        if (doc.lineAt(i).isEmptyOrWhitespace) continue;
        const h = new vscode.InlayHint(doc.lineAt(i).range.end, '▸ HINT-OK', vscode.InlayHintKind.Type);
        h.paddingLeft = true;
        hints.push(h);
      }
      return hints;
    },
  }));
  const diags = vscode.languages.createDiagnosticCollection('e2e-smoke');
  ctx.subscriptions.push(diags);
  const update = (doc) => {
    if (doc.languageId !== 'tla-layout' || doc.lineCount === 0) return;
    const d = new vscode.Diagnostic(doc.lineAt(0).range, 'E-OK', vscode.DiagnosticSeverity.Error);
    d.source = 'e2e-smoke';
    diags.set(doc.uri, [d]);
  };
  vscode.workspace.textDocuments.forEach(update);
  ctx.subscriptions.push(vscode.workspace.onDidOpenTextDocument(update));
};
exports.deactivate = function () {};
`,
  );
  const ws = path.join(dir, 'ws');
  fs.mkdirSync(path.join(ws, 'sub'), { recursive: true });
  fs.writeFileSync(path.join(ws, 'sub', 'sample.tla'), 'layout A = (4,8):(8,1)\nlayout B = (2,2):(1,2)\n');
  fs.writeFileSync(path.join(ws, 'sample.tla'), 'decoy = 1\n'); // same name at the root: openFile must pick sub/
  return { dir, ext, ws };
}

describe('e2e smoke: code-server + harness', { skip }, () => {
  /** @type {import('./harness.mjs').VSCode} */
  let vs;
  let fx;
  const t0 = Date.now();

  // wraps a test body: on failure, saves test-artifacts/e2e/smoke-failure-NAME.png
  const shot = (name, fn) => async () => {
    try {
      await fn();
    } catch (e) {
      if (vs) await vs.screenshot(`smoke-failure-${name}`).catch(() => {});
      throw e;
    }
  };

  before(
    async () => {
      fx = makeFixture();
      vs = await startVSCode({ extensionDir: fx.ext, folder: fx.ws });
      console.log(`# code-server + workbench up in ${vs.startupMs} ms`);
    },
    { timeout: 300_000 }, // includes a first-time scripts/setup-code-server.sh
  );

  after(async () => {
    await vs?.close();
    if (fx) fs.rmSync(fx.dir, { recursive: true, force: true });
    console.log(`# smoke total ${Date.now() - t0} ms`);
  });

  it(
    'opens a file by relative path through Quick Open',
    shot('open', async () => {
      await vs.openFile('sub/sample.tla');
      assert.match(await vs.activeEditorUri(), /\/ws\/sub\/sample\.tla$/);
      assert.equal(await vs.statusBarLanguage(), 'TLA Layout');
      await vs.screenshot('smoke-open');
    }),
  );

  it(
    'reads inlay hints as part of the line text',
    shot('inlay', async () => {
      const l1 = await vs.lineText(1, { contains: 'HINT-OK' });
      assert.equal(l1, 'layout A = (4,8):(8,1) ▸ HINT-OK');
      const lines = await vs.visibleLines();
      assert.deepEqual(
        lines.map((l) => l.line),
        [1, 2, 3],
      );
      assert.equal(lines[1].text, 'layout B = (2,2):(1,2) ▸ HINT-OK');
      assert.equal(lines[2].text, '');
      await vs.screenshot('smoke-inlay');
    }),
  );

  it(
    'reads a hover at line/column (keyboard) and over a token (mouse)',
    shot('hover', async () => {
      const h = await vs.hover(2, 8, { contains: 'TLA-HOVER-OK' });
      assert.equal(h, 'TLA-HOVER-OK word=B');
      await vs.screenshot('smoke-hover-keyboard');
      await vs.closeHover();
      const h2 = await vs.hoverToken('A', { line: 1, via: 'mouse', contains: 'TLA-HOVER-OK' });
      assert.equal(h2, 'E-OK e2e-smoke\nTLA-HOVER-OK word=A', 'the diagnostic on line 1 is in the hover too');
      await vs.screenshot('smoke-hover-mouse');
      await vs.closeHover();
    }),
  );

  it(
    'lists the diagnostic in the Problems panel',
    shot('problems', async () => {
      const probs = await vs.problems({ contains: 'E-OK' });
      assert.equal(probs.length, 1);
      assert.deepEqual(
        { ...probs[0], label: undefined },
        { file: 'sample.tla', severity: 'error', message: 'E-OK', source: 'e2e-smoke', code: '', line: 1, column: 1, label: undefined },
      );
      await vs.screenshot('smoke-problems');
    }),
  );

  it(
    'types text at a position, sees hints follow, saves, replaces the text',
    shot('type', async () => {
      await vs.closePanel();
      await vs.typeAt(3, 1, 'layout C = 7:1');
      assert.equal(await vs.lineText(3, { contains: 'HINT-OK' }), 'layout C = 7:1 ▸ HINT-OK');
      await vs.save();
      await vs.screenshot('smoke-type');
      await vs.setText('layout Z = 1:1\n\nlayout Y = 2:1');
      // hints are recomputed asynchronously after an edit: poll with `contains`
      assert.equal(await vs.lineText(3, { contains: 'HINT-OK' }), 'layout Y = 2:1 ▸ HINT-OK');
      assert.deepEqual(
        (await vs.visibleLines()).map((l) => l.text),
        ['layout Z = 1:1 ▸ HINT-OK', '', 'layout Y = 2:1 ▸ HINT-OK'],
      );
      assert.equal(fs.readFileSync(path.join(fx.ws, 'sub', 'sample.tla'), 'utf8'), 'layout A = (4,8):(8,1)\nlayout B = (2,2):(1,2)\nlayout C = 7:1');
    }),
  );
});
