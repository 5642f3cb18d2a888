// Inputs the fuzzer found, shrunk, kept as plain tests of the behaviour the
// robustness issue asks for. Each names the property it broke.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { toLspDiagnostics } from '../../server/src/features/diagnostics';
import { documentSymbols } from '../../server/src/features/symbols';
import { formatting } from '../../server/src/features/formatting';
import { hover } from '../../server/src/features/hover';
import { inlayHints } from '../../server/src/features/inlayHints';
import { semanticTokens } from '../../server/src/features/semanticTokens';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { printValue } from '../../server/src/language';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import { analysedDocument, checkAnalysis, checkFeatures, checkPrintedRoundTrip, checkRoundTrip } from './properties';

const valueOf = (text: string, i = 0) => {
  const v = analyze(text).statements[i]?.result?.value;
  return v ? printValue(v) : null;
};
const errors = (text: string) =>
  analyze(text)
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.code}: ${d.message}`);
const hoverText = (h: ReturnType<typeof hover>) => (h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '');

describe('fuzz regressions: printed values read back (property: program, value)', () => {
  test('the empty tuple prints as () and () reads back', () => {
    assert.equal(valueOf('auto t = MakeShape();'), '()');
    assert.deepEqual(errors('auto r = ();'), []);
    assert.equal(valueOf('auto r = ();'), '()');
    // nested, as Shape<Shape<>, _7>{} prints
    assert.equal(valueOf('auto t = Shape<Shape<>, _7>{};'), '((),_7)');
    checkPrintedRoundTrip('((),_7)');
    checkPrintedRoundTrip('():():()');
  });

  test('INT64_MIN prints as -9223372036854775808 and reads back', () => {
    assert.equal(valueOf('auto m = -9223372036854775807 - 1;'), '-9223372036854775808');
    assert.deepEqual(errors('auto r = -9223372036854775808;'), []);
    checkPrintedRoundTrip('-9223372036854775808');
    checkPrintedRoundTrip('-_9223372036854775808');
    checkPrintedRoundTrip('(1,-9223372036854775808)');
  });

  test('get<0> of a nested layout gives a layout that reads back', () => {
    const text = 'auto g = get<0>(((_4,_2),(_4,_3)):((_4,_16),(_1,_32)):(_8,_12));';
    // today: (_4,_2):(_4,_16):8, an originShape of rank 1 on a rank-2 shape, which the reader refuses
    checkRoundTrip(checkAnalysis(text));
  });

  test('GetTileLayout of a layout with an integer shape keeps shape and stride congruent', () => {
    const text = 'auto t = GetTileLayout(Layout<_40, _1, _40>{}, MakeShape(16), MakeCoord(8));';
    // today: (16):_1:(16), a tuple shape with an integer stride
    checkRoundTrip(checkAnalysis(text));
  });
});

describe('fuzz regressions: analysis and features never throw (property: program, features)', () => {
  test('a template call of a name whose declaration failed does not crash the analysis', () => {
    const text = 'auto a = x;\nauto b = a<1>(2);';
    const a = checkAnalysis(text);
    // only the unknown x: later uses of a failed statement are not reported again
    assert.deepEqual(
      a.diagnostics.map((d) => d.code),
      ['unknown-name'],
    );
    assert.equal(a.statements[1].result?.value ?? null, null);
  });

  test('hover on the coordinate of a tile of an integer-shaped layout answers', () => {
    const text = 'auto t = GetTileLayout(Layout<_40, _1, _40>{}, MakeShape(16), MakeCoord(8));';
    const doc = analysedDocument(text, analyze(text));
    assert.doesNotThrow(() => hover(doc, { line: 0, character: text.indexOf('MakeCoord') + 3 }, DEFAULT_SETTINGS));
  });

  test('a coordinate on a layout whose mode size does not fit in int64 does not crash the analysis', () => {
    // found on the fixed tree: the coord-out-of-shape check multiplies the mode's extent with
    // checked int64 arithmetic, outside the guard that turns a LayoutError into a diagnostic
    for (const text of [
      'auto l = MakeLayoutL0C(1, 9223372036854775807);\nauto o = l(MakeCoord(0, 0));',
      'auto a = MakeLayoutL0C(1, 9223372036854775807)(Shape<Int<0>, Int<0>>{});',
    ]) {
      const a = checkAnalysis(text);
      for (const d of a.diagnostics) assert.ok(['overflow', 'coord-out-of-shape', 'coord-in-padding'].includes(d.code), `${d.code}: ${d.message}`);
      checkFeatures(text, a);
    }
  });

  test('hover on a layout whose offset grid does not fit in int64 answers', () => {
    // the grid of the hover computes offsets up to 15 · 614891469123651720 + 15 > INT64_MAX
    const text = 'auto a = MakeLayout<half, ColumnMajor>(614891469123651720, _16);';
    const doc = analysedDocument(text, analyze(text));
    assert.ok(hoverText(hover(doc, { line: 0, character: 5 }, DEFAULT_SETTINGS)).includes('(614891469123651720,_16):(_1,614891469123651720)'));
    checkFeatures(text, doc.analysis);
  });

  test('hover and inlay hints answer for a layout whose size does not fit in int64', () => {
    for (const text of [
      'auto l = (4294967296,4294967296):(1,4294967296):(1,1);',
      'auto l = MakeLayout(MakeShape(4294967296, 4294967296), MakeStride(1, 4294967296), MakeShape(1, 1));',
      'auto l = MakeLayoutL0C(25, -7511897376056368638);',
    ]) {
      const doc = analysedDocument(text, analyze(text));
      const h = hover(doc, { line: 0, character: 5 }, DEFAULT_SETTINGS);
      if (doc.analysis.statements[0].result?.value) assert.ok(hoverText(h).includes('rank 2'), `${text}: ${hoverText(h)}`);
      assert.doesNotThrow(
        () => inlayHints(doc, { start: { line: 0, character: 0 }, end: { line: 0, character: text.length } }, DEFAULT_SETTINGS),
        text,
      );
      checkFeatures(text, doc.analysis);
    }
  });
});

describe('fuzz regressions: positions as an LSP client counts lines (property: soup, features, lsp)', () => {
  // LSP: a line ends at \n, \r\n or \r. A lone \r is a line break for the client.
  const text = 'auto a = 1;\rauto b = x;';

  test('a diagnostic after a lone CR is on the second line', () => {
    const d = toLspDiagnostics('file:///cr.tla', analyze(text), analysedDocument(text, analyze(text)).lines);
    assert.deepEqual(
      d.map((x) => x.range),
      [{ start: { line: 1, character: 9 }, end: { line: 1, character: 10 } }],
    );
  });

  test('hover, symbols and semantic tokens after a lone CR use the client lines', () => {
    const doc = analysedDocument(text, analyze(text));
    assert.match(hoverText(hover(doc, { line: 1, character: 5 }, DEFAULT_SETTINGS)), /\*\*b\*\*/);
    assert.deepEqual(
      documentSymbols(doc).map((s) => s.selectionRange.start),
      [
        { line: 0, character: 5 },
        { line: 1, character: 5 },
      ],
    );
    // tokens: a (line 0), b (line 1); the second starts a new line (deltaLine 1)
    assert.equal(semanticTokens(doc).data[5], 1);
  });

  test('formatting a CRLF document keeps its line ends', () => {
    const crlf = 'auto a=1;\r\nauto b=2;\r\n';
    const doc = analysedDocument(crlf, analyze(crlf));
    const td = TextDocument.create('file:///crlf.tla', 'tla-layout', 1, crlf);
    // today the edits run past each line's end and carry the \r: a client writes \r\r\n
    assert.equal(TextDocument.applyEdits(td, formatting(doc)), 'auto a = 1;\r\nauto b = 2;\r\n');
  });
});

test('a default-constructed PaddingRowMajor (its block sizes 0) is a division-by-zero diagnostic, not a throw (soup seed 1554079185)', () => {
  const a = analyze('PaddingRowMajor\nLocalTensor');
  assert.ok(
    a.diagnostics.some((d) => d.code === 'division-by-zero'),
    JSON.stringify(a.diagnostics),
  );
});

test('that diagnostic lies inside the document when the statement has no `;` (soup seed 1246327533)', () => {
  const text = 'PaddingRowMajor  zZ';
  const a = analyze(text);
  const d = a.diagnostics.find((x) => x.code === 'division-by-zero');
  assert.ok(d, JSON.stringify(a.diagnostics));
  assert.ok(d.start >= 0 && d.end <= text.length, JSON.stringify(d));
});
