// Protocol tests: the built dist/server.js over stdio, driven like an editor drives it.
// Expected values come from the guide and from hand arithmetic (noted beside each).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  CodeAction,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  Location,
  SemanticTokens,
  SignatureHelp,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { TestClient, startClient } from './client';

const GUIDE = [
  'using namespace tla;',
  'auto shape  = Shape<Shape<_4, _2>, Shape<_4, _3>>{};',
  'auto stride = Stride<Stride<_4, _16>, Stride<_1, _32>>{};',
  'auto o = crd2offset(MakeCoord(1, 5), shape, stride);',
  'Layout a = Layout<Shape<Shape<_4, _2>, Shape<_4, _3>>, Stride<Stride<_4, _16>, Stride<_1, _32>>, Shape<_8, _12>>{};',
  'Layout a0 = GetTileLayout(a, MakeShape(4, 4), MakeCoord(6, 10));',
  'print(a(MakeCoord(1, 5)));',
].join('\n');
const lines = GUIDE.split('\n');
const pos = (line: number, needle: string, delta = 0) => ({ line, character: lines[line].indexOf(needle) + delta });
const hoverText = (h: Hover | null) => (h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '');

describe('language server over stdio', () => {
  let c: TestClient;
  const uri = 'file:///guide.tla';
  before(async () => {
    c = await startClient();
    await c.open(uri, GUIDE);
  });
  after(async () => c.close());

  test('initialize advertises every feature', () => {
    const caps = c.init.capabilities;
    for (const k of [
      'hoverProvider',
      'inlayHintProvider',
      'completionProvider',
      'signatureHelpProvider',
      'documentSymbolProvider',
      'definitionProvider',
      'referencesProvider',
      'renameProvider',
      'semanticTokensProvider',
      'foldingRangeProvider',
      'documentFormattingProvider',
      'codeActionProvider',
    ] as const) {
      assert.ok(caps[k], `${k} missing`);
    }
    assert.equal(caps.textDocumentSync, 2, 'incremental sync');
  });

  test('hover on a coordinate: the offset, computed mode by mode (guide: 37)', async () => {
    const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: pos(3, 'MakeCoord', 3) });
    const text = hoverText(h);
    assert.match(text, /\*\*offset 37\*\*/);
    assert.ok(text.includes('(1,5) → 1·4 + 0·16 + 1·1 + 1·32 = 37'), text);
    assert.match(text, /element: \*\*valid\*\*/);
    assert.deepEqual(h.range, { start: pos(3, 'MakeCoord'), end: pos(3, ', shape') });
  });

  test('hover on a layout name: parts, facts and the offset grid', async () => {
    const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: pos(4, 'a =') });
    const text = hoverText(h);
    assert.ok(text.includes('((_4,_2),(_4,_3)):((_4,_16),(_1,_32)):(_8,_12)'));
    // size 4·2·4·3 = 96; cosize 3·4 + 1·16 + 3·1 + 2·32 + 1 = 96
    assert.match(text, /rank 2 · depth 2 · size 96 · cosize 96/);
    // row 1: (1%4)·4 + (c%4)·1 + (c/4)·32
    assert.ok(text.includes('| **1** | 4 | 5 | 6 | 7 | 36 | 37 | 38 | 39 | 68 | 69 | 70 | 71 |'), text);
    assert.match(text, /8×12 offsets/);
  });

  test('hover on the tail tile and on a function name', async () => {
    const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: pos(5, 'GetTileLayout', 2) });
    const text = hoverText(h);
    assert.match(text, /GetTileLayout\(layout, tileShape, coord\)/);
    assert.ok(text.includes('((_4,1),(_4,1)):((_4,_16),(_1,_32)):(2,2)'));
    // the 4×4 grid of the tile: cells beyond (2,2) are padding
    assert.ok(text.includes('| **0** | 0 | 1 | _2°_ | _3°_ |'), text);
    const t = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: pos(5, 'MakeCoord(6', 10) });
    // the tile's corner (6, 10) in the parent: (2·4 + 1·16) + (2·1 + 2·32) = 24 + 66 = 90
    assert.ok(hoverText(t).includes('(6,10) → 2·4 + 1·16 + 2·1 + 2·32 = 90'), hoverText(t));
  });

  test('inlay hints: tile preview with its valid extent, layouts, offsets', async () => {
    const hints = await c.request<InlayHint[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 7, character: 0 } },
    });
    const byLine = hints.map((h) => [h.position.line, h.position.character, h.label]);
    assert.deepEqual(byLine, [
      [3, lines[3].length - 1, '= 37'],
      // line 4, `Layout<Shape<Shape<_4, _2>, …>{}`: its value is the type's own words again, no hint (issue 24)
      [5, lines[5].length - 1, '▸ ((_4,1),(_4,1)) valid (2,2) tail'],
      [6, lines[6].length - 2, '= 37'],
    ]);
    const tile = hints[1];
    assert.ok(typeof tile.tooltip === 'object' && tile.tooltip.value.includes('((_4,1),(_4,1)):((_4,_16),(_1,_32)):(2,2)'));
    assert.ok((tile.label as string).length <= 43, "the preview fits VS Code's default inlay length");
  });

  test('completion: names in scope, functions, tags inside MakeLayout<…>', async () => {
    const list = await c.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 6, character: 0 } });
    assert.equal(list.isIncomplete, false);
    const labels = list.items.map((i) => i.label);
    for (const l of ['a', 'a0', 'o', 'MakeLayout', 'GetTileLayout', 'crd2offset', '_16']) assert.ok(labels.includes(l), l);
    // tags and element types belong inside MakeLayout<…> only (issue 14)
    for (const l of ['zN', 'half']) assert.ok(!labels.includes(l), l);
    const doc2 = 'file:///typing.tla';
    await c.open(doc2, 'auto x = MakeLayout<half, ');
    const tags = await c.request<CompletionList>('textDocument/completion', { textDocument: { uri: doc2 }, position: { line: 0, character: 26 } });
    assert.deepEqual(
      tags.items.map((i) => i.label),
      ['RowMajor', 'ColumnMajor', 'VectorLayout', 'zN', 'nZ', 'zZ', 'L0C', 'Weight4BitnZ'],
    );
  });

  test('completion in a big file: names starting with the word typed, at most 200, incomplete beyond', async () => {
    const big = 'file:///big.tla';
    const decls = Array.from({ length: 500 }, (_, i) => `auto tile${i} = ${i};`).join('\n');
    await c.open(big, `${decls}\nauto x = til`);
    const list = await c.request<CompletionList>('textDocument/completion', { textDocument: { uri: big }, position: { line: 500, character: 12 } });
    assert.equal(list.isIncomplete, true);
    assert.equal(list.items.filter((i) => i.label.startsWith('tile')).length, 200);
    await c.change(big, 2, [{ range: { start: { line: 500, character: 12 }, end: { line: 500, character: 12 } }, text: 'e49' }]);
    const narrower = await c.request<CompletionList>('textDocument/completion', {
      textDocument: { uri: big },
      position: { line: 500, character: 15 },
    });
    // tile49 and tile490…tile499
    assert.deepEqual(
      narrower.items
        .filter((i) => i.label.startsWith('tile'))
        .map((i) => i.label)
        .sort(),
      ['tile49', ...Array.from({ length: 10 }, (_, k) => `tile49${k}`)].sort(),
    );
    assert.equal(narrower.isIncomplete, false);
  });

  test('signature help follows the argument under the cursor', async () => {
    const s = await c.request<SignatureHelp>('textDocument/signatureHelp', { textDocument: { uri }, position: pos(5, 'MakeShape') });
    assert.equal(s.signatures[s.activeSignature!].label, 'GetTileLayout(layout, tileShape, coord)');
    assert.equal(s.activeParameter, 1);
  });

  test('symbols, definition, references, rename', async () => {
    const syms = await c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.deepEqual(
      syms.map((s) => [s.name, s.detail]),
      [
        ['shape', '((_4,_2),(_4,_3))'],
        ['stride', '((_4,_16),(_1,_32))'],
        ['o', '37'],
        ['a', '((_4,_2),(_4,_3)):((_4,_16),(_1,_32)):(_8,_12)'],
        ['a0', '((_4,1),(_4,1)):((_4,_16),(_1,_32)):(2,2)'],
      ],
    );
    const def = await c.request<Location>('textDocument/definition', { textDocument: { uri }, position: pos(5, 'a,') });
    assert.deepEqual(def.range, { start: pos(4, 'a ='), end: pos(4, ' = ') });
    const refs = await c.request<Location[]>('textDocument/references', {
      textDocument: { uri },
      position: pos(6, 'a('),
      context: { includeDeclaration: true },
    });
    assert.deepEqual(
      refs.map((r) => r.range.start.line),
      [4, 5, 6],
    );
    const edit = await c.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: pos(4, 'a ='), newName: 'parent' });
    assert.deepEqual(
      edit.changes![uri].map((e) => [e.range.start.line, e.range.start.character, e.newText]),
      [
        [4, 7, 'parent'],
        [5, lines[5].indexOf('a,'), 'parent'],
        [6, 6, 'parent'],
      ],
    );
  });

  test('semantic tokens and folding ranges', async () => {
    const t = await c.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
    assert.equal(t.data.length % 5, 0);
    // first token: `shape` declared on line 1, col 5, length 5, type variable(0), modifier declaration(1)
    assert.deepEqual(t.data.slice(0, 5), [1, 5, 5, 0, 1]);
    const doc3 = 'file:///fold.tla';
    await c.open(doc3, 'auto l = MakeLayout(\n  MakeShape(4, 8),\n  MakeStride(1, 4));\n/* a\n b */');
    const f = await c.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: doc3 } });
    assert.deepEqual(
      f.map((r) => [r.startLine, r.endLine]),
      [
        [0, 2],
        [3, 4],
      ],
    );
  });

  test('formatting normalises spacing and keeps comments', async () => {
    const doc4 = 'file:///fmt.tla';
    await c.open(doc4, 'auto   x=MakeShape( 4 ,8 ) ;   // keep me\nauto y = (1 , 2):( _1,4 );');
    const edits = await c.request<TextEdit[]>('textDocument/formatting', {
      textDocument: { uri: doc4 },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.deepEqual(
      edits.map((e) => e.newText),
      ['auto x = MakeShape(4, 8); // keep me', 'auto y = (1,2):(_1,4);'],
    );
  });

  test('diagnostics are pushed, refreshed on edit and cleared when fixed', async () => {
    const u = 'file:///diag.tla';
    await c.open(u, 'auto l = MakeLayout(MakeShape(4, 4), MakeStride(1, 4));\nauto o = l(MakeCoord(1, 2, 3));');
    const d1 = await c.diagnostics(u, (d) => d.length > 0);
    assert.deepEqual(
      d1.map((d) => [d.code, d.message, d.range.start.line, d.range.start.character]),
      [['rank-mismatch', 'coord rank 3 differs from shape rank 2', 1, 11]],
    );
    assert.equal(d1[0].relatedInformation?.[0]?.location.range.start.line, 0);
    const fix = await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: u },
      range: d1[0].range,
      context: { diagnostics: d1 },
    });
    const quick = fix.find((a) => a.kind === 'quickfix')!;
    assert.equal(quick.edit!.changes![u][0].newText, 'MakeCoord(1, 2)');
    await c.change(u, 2, [{ range: d1[0].range, text: 'MakeCoord(1, 2)' }]);
    const d2 = await c.diagnostics(u, (d) => d.length === 0);
    assert.deepEqual(d2, []);
  });

  test('quick fixes: insert a missing semicolon, use the closest name', async () => {
    const u = 'file:///fix.tla';
    await c.open(u, 'auto layoutA = MakeLayout(8)\nauto o = layoutB(1);');
    const ds = await c.diagnostics(u, (d) => d.length === 2);
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: u },
      range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } },
      context: { diagnostics: ds, only: ['quickfix'] },
    });
    assert.deepEqual(
      actions.map((a) => [a.title, a.edit!.changes![u][0].newText]),
      [
        ["Insert ';'", ';'],
        ["Change to 'layoutA'", 'layoutA'],
      ],
    );
  });

  test('refactors: copy as C++ and convert to compact notation', async () => {
    const u = 'file:///refactor.tla';
    await c.open(u, 'auto z = MakeLayout<half, zN>(100, 100);');
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: u },
      range: { start: { line: 0, character: 12 }, end: { line: 0, character: 12 } },
      context: { diagnostics: [] },
    });
    const copy = actions.find((a) => a.title === 'Copy as C++')!;
    // zN for half, 100×100: ((_16,⌈100/16⌉=7),(_16,7)) : ((_16,_256),(_1,RoundUp(100,16)·16 = 1792))
    assert.deepEqual(copy.command!.arguments, [
      'MakeLayout(MakeShape(MakeShape(Int<16>{}, 7), MakeShape(Int<16>{}, 7)), MakeStride(MakeStride(Int<16>{}, Int<256>{}), MakeStride(Int<1>{}, 1792)), MakeShape(100, 100))',
    ]);
    const compact = actions.find((a) => a.title === 'Convert to compact notation')!;
    assert.equal(compact.edit!.changes![u][0].newText, '((_16,7),(_16,7)):((_16,_256),(_1,1792)):(100,100)');
  });

  test('requests for a document never opened and positions past the end answer empty', async () => {
    assert.equal(await c.request('textDocument/hover', { textDocument: { uri: 'file:///never.tla' }, position: { line: 0, character: 0 } }), null);
    assert.deepEqual(
      await c.request('textDocument/inlayHint', {
        textDocument: { uri: 'file:///never.tla' },
        range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } },
      }),
      [],
    );
    const h = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 999, character: 999 } });
    assert.equal(h, null);
  });
});

describe('pull diagnostics when the client supports them', () => {
  test('textDocument/diagnostic answers the current diagnostics', async () => {
    const c = await startClient({ textDocument: { diagnostic: { dynamicRegistration: false } } });
    try {
      assert.ok(c.init.capabilities.diagnosticProvider);
      const u = 'file:///pull.tla';
      await c.open(u, 'auto a = nope;');
      const r = await c.request<{ kind: string; items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri: u } });
      assert.equal(r.kind, 'full');
      assert.deepEqual(
        r.items.map((d) => [d.code, d.message]),
        [['unknown-name', "unknown name 'nope'"]],
      );
    } finally {
      await c.close();
    }
  });
});

describe('pulled reports carry a resultId and say when nothing changed', () => {
  type Report = { kind: 'full'; resultId?: string; items: Diagnostic[] } | { kind: 'unchanged'; resultId: string };
  test('unchanged for an edit that leaves the diagnostics as they were, full with a new id when they change', async () => {
    const c = await startClient({ textDocument: { diagnostic: { dynamicRegistration: false } } });
    try {
      const u = 'file:///pull-ids.tla';
      const pull = (previousResultId?: string) => c.request<Report>('textDocument/diagnostic', { textDocument: { uri: u }, previousResultId });
      // line 0 holds the one error; line 1 is edited (8 -> 9, same length: line 0 does not move)
      await c.open(u, 'auto a = nope;\nauto b = MakeLayout(8);');
      const first = await pull();
      assert.equal(first.kind, 'full');
      assert.ok(first.resultId, 'a full report has a resultId');
      const again = await pull(first.resultId);
      assert.deepEqual(again, { kind: 'unchanged', resultId: first.resultId }, 'same version: unchanged');
      await c.change(u, 2, [{ range: { start: { line: 1, character: 20 }, end: { line: 1, character: 21 } }, text: '9' }]);
      assert.deepEqual(await pull(first.resultId), { kind: 'unchanged', resultId: first.resultId }, 'an edit far from the error: unchanged');
      // a client that holds no report (or one the server never gave) gets the whole list
      const fresh = await pull('no-such-id');
      assert.equal(fresh.kind, 'full');
      // the error fixed: the list changes, so a full report under a new id
      await c.change(u, 3, [{ range: { start: { line: 0, character: 9 }, end: { line: 0, character: 13 } }, text: '1' }]);
      const fixed = await pull(fresh.resultId);
      assert.equal(fixed.kind, 'full');
      assert.notEqual(fixed.resultId, fresh.resultId);
      assert.deepEqual(fixed.kind === 'full' ? fixed.items : undefined, []);
    } finally {
      await c.close();
    }
  });
});

describe('an internal error in one feature', () => {
  test('is answered as an error, logged, and the server keeps serving', async () => {
    const prev = process.env.TLA_LAYOUT_FAULT;
    process.env.TLA_LAYOUT_FAULT = 'hover';
    const c = await startClient();
    process.env.TLA_LAYOUT_FAULT = prev;
    try {
      const u = 'file:///fault.tla';
      await c.open(u, 'auto a = MakeLayout(8);\nprint(a(3));');
      await assert.rejects(
        c.request('textDocument/hover', { textDocument: { uri: u }, position: { line: 1, character: 8 } }),
        (e: { code: number; message: string }) => e.code === -32603 && /hover failed: injected fault in hover/.test(e.message),
      );
      // the next requests work: (8):(_1) at 3 is 3
      const hints = await c.request<InlayHint[]>('textDocument/inlayHint', {
        textDocument: { uri: u },
        range: { start: { line: 0, character: 0 }, end: { line: 2, character: 0 } },
      });
      assert.deepEqual(
        hints.map((h) => h.label),
        ['▸ (8):(_1):(8)', '= 3'],
      );
      const items = await c.request<CompletionList>('textDocument/completion', { textDocument: { uri: u }, position: { line: 1, character: 0 } });
      assert.ok(items.items.some((i) => i.label === 'a'));
      // logged to the client (VS Code's output channel) with the stack
      assert.ok(
        c.logs().some((l) => /hover failed on file:\/\/\/fault\.tla: Error: injected fault in hover/.test(l)),
        c.logs().join('\n'),
      );
    } finally {
      await c.close();
    }
  });
});
