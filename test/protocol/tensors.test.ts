// Tensors through the language server: hover on the declared name and the inlay preview of a
// tail tile. Values by hand (examples/10-tensor-block-loop.tla derives them in comments).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Hover, InlayHint } from 'vscode-languageserver-protocol';
import { TestClient, startClient } from './client';

const TEXT = [
  'using namespace Catlass;',
  'AscendC::GlobalTensor<half> gmA;',
  'auto layoutA = tla::MakeLayout<half, layout::RowMajor>(300, 200);',
  'auto tensorA = tla::MakeTensor(gmA, layoutA, Arch::PositionGM{});',
  'auto tileA = tla::TileView(tensorA, tla::MakeCoord(2u, 3u), tla::MakeShape(tla::Int<128>{}, tla::Int<64>{}));',
  'layout::zN tagB = layout::zN::MakeLayout<half>(40, 48);',
  'auto lb = tla::MakeLayoutFromTag(tagB);',
  'auto lz = tla::MakeLayout<half, layout::zN>(40, 48);',
].join('\n');
const lines = TEXT.split('\n');
const hoverText = (h: Hover | null) => (h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '');

describe('tensors over stdio', () => {
  let c: TestClient;
  const uri = 'file:///tensors.tla';
  before(async () => {
    c = await startClient();
    await c.open(uri, TEXT);
  });
  after(async () => c.close());

  test('hover on a tile of a tensor: element, position, coord, valid extent, data offset', async () => {
    const h = await c.request<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 4, character: lines[4].indexOf('tileA') + 2 },
    });
    const text = hoverText(h);
    // coord (2·128, 3·64) = (256, 192); valid extent (300−256, 200−192) = (44, 8)
    assert.match(text, /tensor\*\* of `half` in `GM`/);
    assert.match(text, /coord `\(256,192\)`/);
    assert.match(text, /valid extent `\(44,8\)` of tile shape `\(_128,_64\)`/);
    assert.match(text, /on `gmA`/);
  });

  test('the inlay preview of the tail tile names its valid extent and its coord', async () => {
    const hints = await c.request<InlayHint[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 8, character: 0 } },
    });
    const onLine = hints.filter((h) => h.position.line === 4);
    const labels = onLine.map((h) => String(h.label));
    // the label within 40 characters: the tile's shape, valid extent and tail; its coord in the tooltip
    assert.ok(labels.includes('▸ (_128,_64) valid (44,8) tail'), JSON.stringify(labels));
    const tip = onLine.map((h) => (typeof h.tooltip === 'string' ? h.tooltip : (h.tooltip?.value ?? ''))).join('\n');
    assert.match(tip, /at coord `\(256,192\)`/);
  });

  test('a layout hover lists the Catlass predicates, and warns when the values look like zN but the type does not', async () => {
    const lz = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 7, character: 6 } }));
    assert.match(lz, /Catlass predicates: .*`iszN<half>`/);
    const lb = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 6, character: 6 } }));
    assert.match(lb, /look like `iszN<half>` but the type-level predicate is \*\*false\*\*/);
  });
});

describe('the tlaLayout.arch setting', () => {
  const MX = 'auto s = tla::MakeMxScaleLayout<float8_e8m0_t, Catlass::layout::RowMajor, false>(64, 7);';
  const diagnosticsOf = async (c: TestClient, uri: string) => {
    await c.open(uri, MX);
    return c.request<{ items: { code?: string | number; message: string }[] }>('textDocument/diagnostic', { textDocument: { uri } });
  };

  test('default 2201: MakeMxScaleLayout does not exist there, and the error says how to switch', async () => {
    const c = await startClient({ textDocument: { diagnostic: {} } });
    try {
      const r = await diagnosticsOf(c, 'file:///mx-default.tla');
      assert.equal(r.items.length, 1);
      assert.equal(r.items[0].code, 'unsupported-arch');
      assert.match(r.items[0].message, /tlaLayout\.arch/);
    } finally {
      await c.close();
    }
  });

  test('tlaLayout.arch = 3510: the same file evaluates; hover shows (64,(_2,4)):(8,(_1,_2)):(64,7)', async () => {
    const c = await startClient({ textDocument: { diagnostic: {} } }, { settings: { arch: 3510 } });
    try {
      const uri = 'file:///mx-3510.tla';
      const r = await diagnosticsOf(c, uri);
      assert.deepEqual(r.items, []);
      // RoundUp(7, 2) = 8, ⌈7/2⌉ = 4
      const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 5 } });
      assert.match(hoverText(h), /\(64,\(_2,4\)\):\(8,\(_1,_2\)\):\(64,7\)/);
    } finally {
      await c.close();
    }
  });
});
