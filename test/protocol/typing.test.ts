// Completion and signature help while a kernel author types (issue 14): the built server
// over stdio, asked exactly as VS Code asks after each keystroke. Completion must answer
// only where it has something specific, never a list that a `,`, `(` or Enter would commit,
// and its items insert plain names; signature help follows from the first argument to the last.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CompletionItem, CompletionList, SignatureHelp } from 'vscode-languageserver-protocol';
import { TestClient, startClient } from './client';

const INVOKED = { triggerKind: 1 };
const trigger = (ch: string) => ({ triggerKind: 2, triggerCharacter: ch });

describe('completion and signature help while typing', () => {
  let c: TestClient;
  let n = 0;
  before(async () => {
    c = await startClient();
  });
  after(async () => c.close());

  /** Opens `text` (the cursor at its end) and asks for completion there. */
  async function complete(text: string, context: unknown = INVOKED): Promise<CompletionList> {
    const uri = `file:///typing-${n++}.tla`;
    await c.open(uri, text);
    const lines = text.split('\n');
    return c.request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: { line: lines.length - 1, character: lines[lines.length - 1].length },
      context,
    });
  }
  async function signature(text: string): Promise<SignatureHelp | null> {
    const uri = `file:///sig-${n++}.tla`;
    await c.open(uri, text);
    const lines = text.split('\n');
    return c.request<SignatureHelp | null>('textDocument/signatureHelp', {
      textDocument: { uri },
      position: { line: lines.length - 1, character: lines[lines.length - 1].length },
    });
  }
  const labels = (l: CompletionList) => l.items.map((i) => i.label);
  const item = (l: CompletionList, label: string): CompletionItem => {
    const found = l.items.find((i) => i.label === label);
    assert.ok(found, `${label} not in ${labels(l).join(', ')}`);
    return found;
  };
  const ZN = 'using namespace tla;\nauto zn = MakeLayout<half, zN>(100, 100);\n';

  test('the server is not triggered by `(`; `,` and `<` are answered only inside <…>', async () => {
    const triggers = c.init.capabilities.completionProvider?.triggerCharacters ?? [];
    assert.ok(!triggers.includes('('), `triggers: ${triggers}`);
    assert.deepEqual((await complete(ZN + 'auto t = GetTileLayout(', trigger('('))).items, []);
    // `GetTileLayout(zn,` then Enter must stay a newline: no list after the comma
    assert.deepEqual((await complete(ZN + 'auto t = GetTileLayout(zn,', trigger(','))).items, []);
    assert.deepEqual((await complete(ZN + 'auto t = GetTileLayout(zn, ', INVOKED)).items.length > 0, true, 'Ctrl+Space still lists');
    // inside MakeLayout<…> the comma opens the tags, `<` the element types
    assert.deepEqual(labels(await complete('auto x = MakeLayout<half,', trigger(','))), [
      'RowMajor',
      'ColumnMajor',
      'VectorLayout',
      'zN',
      'nZ',
      'zZ',
      'L0C',
      'Weight4BitnZ',
    ]);
    const elems = labels(await complete('auto x = MakeLayout<', trigger('<')));
    for (const e of ['half', 'float', 'int8_t', 'bfloat16_t']) assert.ok(elems.includes(e), e);
    assert.ok(!elems.includes('zN') && !elems.includes('MakeShape'), elems.join(','));
    // `<` after a name that takes none (a comparison-looking place): nothing
    assert.deepEqual((await complete('auto x = a <', trigger('<'))).items, []);
  });

  test('nothing after a finished statement, a closing parenthesis or a number', async () => {
    const fresh = (await complete('using namespace tla;', INVOKED)).items.filter((i) => i.label === 'using namespace tla;');
    assert.equal(fresh.length, 1, 'a new statement may start (Ctrl+Space)');
    // VS Code keeps a list open while what is typed still matches the item: filtered by `using`
    // alone, the list closes at the space, so `;` and Enter after the statement are the user's
    assert.equal(fresh[0].filterText, 'using');
    for (const t of ['using namespace tla', 'using namespace t', 'using n', 'using ']) {
      assert.deepEqual((await complete(t, INVOKED)).items, [], `while typing '${t}'`);
    }
    assert.deepEqual((await complete(ZN + 'auto t = GetTileLayout(zn)', INVOKED)).items, []);
    assert.deepEqual((await complete(ZN + 'auto t = MakeShape(32', INVOKED)).items, []);
    // the name of a new declaration is the user's
    assert.deepEqual((await complete(ZN + 'auto ti', INVOKED)).items, []);
    assert.deepEqual((await complete(ZN + 'Layout ti', INVOKED)).items, []);
    // comments and #include lines
    assert.deepEqual((await complete(ZN + '// see zn', INVOKED)).items, []);
    assert.deepEqual((await complete('#include "tla/lay', INVOKED)).items, []);
  });

  test('in an argument list: names and functions, never keywords, tags or element types', async () => {
    const l = labels(await complete(ZN + 'auto t = GetTileLayout(z', INVOKED));
    assert.ok(l.includes('zn') && l.includes('MakeShape'), l.join(','));
    assert.ok(labels(await complete(ZN + 'auto t = GetTileLayout(zn, MakeShape(_', trigger('_'))).includes('_16'));
    for (const wrong of ['using namespace tla;', 'auto', 'static_assert', 'zN', 'half'])
      assert.ok(!l.includes(wrong), `${wrong} offered in an argument list`);
    // at a statement's start the keywords are offered
    const start = labels(await complete(ZN + 'z', INVOKED));
    for (const k of ['auto', 'Layout', 'print', 'static_assert', 'using namespace tla;', 'zn']) assert.ok(start.includes(k), k);
  });

  test('function items insert the name; template functions the name and `<`', async () => {
    const l = await complete(ZN + 'auto t = G', INVOKED);
    const get = item(l, 'GetTileLayout');
    assert.equal(get.insertText ?? get.label, 'GetTileLayout');
    assert.notEqual(get.insertTextFormat, 2, 'not a snippet');
    assert.equal(get.textEdit, undefined);
    const plain = item(l, 'MakeLayout');
    assert.equal(plain.insertText ?? plain.label, 'MakeLayout');
    // the Catlass form MakeLayout<half, zN>(…): `<` inserted, then the element types are listed
    const tpl = item(l, 'MakeLayout<…>');
    assert.equal(tpl.insertText, 'MakeLayout<');
    assert.equal(tpl.filterText, 'MakeLayout');
    assert.equal(tpl.command?.command, 'editor.action.triggerSuggest');
    const fmap = item(l, 'MakeLayoutFmap');
    assert.equal(fmap.insertText, 'MakeLayoutFmap<');
    // shape<I>(l) takes an optional template argument: the name only
    const sh = item(l, 'shape');
    assert.equal(sh.insertText ?? sh.label, 'shape');
    for (const i of l.items) assert.notEqual(i.insertTextFormat, 2, `${i.label} is a snippet`);
    // at a statement's start, `Layout` is the declaration keyword: no `<`
    const lay = item(await complete(ZN + 'La', INVOKED), 'Layout');
    assert.equal(lay.insertText ?? lay.label, 'Layout');
  });

  test('signature help from the first argument to the last, nested calls included', async () => {
    const base = ZN + 'auto t = GetTileLayout(';
    const steps: [string, string, number][] = [
      ['', 'GetTileLayout(layout, tileShape, coord)', 0],
      ['zn', 'GetTileLayout(layout, tileShape, coord)', 0],
      ['zn, ', 'GetTileLayout(layout, tileShape, coord)', 1],
      ['zn, MakeShape(', 'MakeShape(x0, x1, …)', 0],
      ['zn, MakeShape(32, ', 'MakeShape(x0, x1, …)', 1],
      ['zn, MakeShape(32, 48)', 'GetTileLayout(layout, tileShape, coord)', 1],
      ['zn, MakeShape(32, 48), ', 'GetTileLayout(layout, tileShape, coord)', 2],
      ['zn, MakeShape(32, 48), MakeCoord(96, 64)', 'GetTileLayout(layout, tileShape, coord)', 2],
    ];
    for (const [typed, label, param] of steps) {
      const s = await signature(base + typed);
      assert.ok(s, `no signature help after '${typed}'`);
      assert.equal(s.signatures[s.activeSignature ?? 0].label, label, typed);
      assert.equal(s.activeParameter, param, typed);
    }
    // closed: gone
    assert.equal(await signature(base + 'zn, MakeShape(32, 48), MakeCoord(96, 64))'), null);
    // the Catlass form picks the template signature
    const m = await signature('auto x = MakeLayout<half, zN>(100, ');
    assert.equal(m!.signatures[m!.activeSignature!].label, 'MakeLayout<Element, Tag>(rows, cols)');
    assert.equal(m!.activeParameter, 1);
    // `)` retriggers (the outer call's help comes back when an inner call closes)
    assert.ok(c.init.capabilities.signatureHelpProvider?.retriggerCharacters?.includes(')'));
  });

  test('hover on a coordinate shows how it splits, mode by mode (issue 14: (99,99) in (_16,7) → (3,6))', async () => {
    const uri = `file:///split-${n++}.tla`;
    const text = 'auto zn = MakeLayout<half, zN>(100, 100);\nauto o = zn(MakeCoord(99, 99));';
    await c.open(uri, text);
    const h = await c.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 1, character: 16 },
    });
    const v = h!.contents.value;
    // 99 = 3 + 6·16 in each (_16,7) mode; offset 3·16 + 6·256 + 3·1 + 6·1792 = 48 + 1536 + 3 + 10752 = 12339
    assert.ok(v.includes('mode 0: 99 in (_16,7) → (3,6)   99 = 3 + 6·16'), v);
    assert.ok(v.includes('mode 1: 99 in (_16,7) → (3,6)   99 = 3 + 6·16'), v);
    assert.ok(v.includes('(99,99) → 3·16 + 6·256 + 3·1 + 6·1792 = 12339'), v);
    // a coordinate that is a tuple already needs no split
    const u2 = `file:///split-${n++}.tla`;
    await c.open(u2, 'auto l = MakeLayout(MakeShape(4, 8), MakeStride(1, 4));\nauto o = l(MakeCoord(1, 2));');
    const h2 = await c.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri: u2 },
      position: { line: 1, character: 16 },
    });
    assert.ok(!h2!.contents.value.includes('mode 0:'), h2!.contents.value);
  });
});
