// Issue 13, in process: the C++ path never blocks, never grows without bound, never loses
// a file. One test (or more) per failure the campaign found (numbered as in the issue);
// the server-level reproductions are in server.test.ts beside this file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { hover } from '../../server/src/features/hover';
import { inlayHints } from '../../server/src/features/inlayHints';
import { scratchpad } from '../../server/src/features/scratchpad';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { Analyzer, CppAnalyzer, LineIndex, printValue } from '../../server/src/language';
import { CACHE_SLACK_BYTES, MAX_CPP_EXPRESSION_CHARS, MAX_HINT_LABEL_CHARS, MAX_HOVER_CHARS, MAX_NESTING } from '../../server/src/core/limits';
import { analyze, entryBytes } from '../../server/src/language/analysis/documentAnalysis';
import { ROOT } from '../helpers';
import { INCLUDE, OK_LINE, OK_VALUE, analyzeFully, cppDoc, cppObservable, hoverAt, syntheticHeader } from './cppTestKit';

const allHints = (d: ReturnType<typeof cppDoc>) =>
  inlayHints(d, { start: { line: 0, character: 0 }, end: { line: d.lines.lineCount + 1, character: 0 } }, DEFAULT_SETTINGS);

/** The normal line still has its inlay hint and its hover. */
function assertOkServed(d: ReturnType<typeof cppDoc>): void {
  const okLine = d.text.split(/\r\n|\r|\n/).findIndex((l) => l.startsWith('auto ok'));
  const hints = allHints(d).filter((h) => h.position.line === okLine);
  assert.deepEqual(
    hints.map((h) => h.label),
    [`▸ ${OK_VALUE}`],
  );
  // (the hover on a declared name in C++ is issue 12's: here the hover on the call)
  assert.ok(hoverAt(d, 'ok = tla::MakeLayout', 'ok = tla::M'.length).includes(OK_VALUE), 'hover on the MakeLayout of ok');
}

describe('issue 13.1: one deep expression does not break the file', () => {
  const deep: Record<string, string> = {
    '300 unclosed (': `auto s = tla::MakeShape(${'('.repeat(300)}`,
    '2,000 balanced (': `auto s = tla::MakeShape(${'('.repeat(2000)}1${')'.repeat(2000)}, 2);`,
    '10,000 unary -': `auto s = tla::MakeShape(${'-'.repeat(10_000)}1, 2);`,
    '1,000 nested MakeShape(': `auto s = ${'tla::MakeShape('.repeat(1000)}1${')'.repeat(1000)};`,
  };
  for (const [name, line] of Object.entries(deep)) {
    test(`${name}: a limit-exceeded diagnostic on its line, the rest of the file served`, () => {
      // the normal line before and after the deep one (the unclosed one reaches the end of the file)
      const text = `${INCLUDE}${OK_LINE}\n${line}\n${name.includes('unclosed') ? '' : OK_LINE.replace('ok', 'ok2') + '\n'}`;
      const d = cppDoc(text);
      const limits = d.analysis.diagnostics.filter((x) => x.code === 'limit-exceeded');
      assert.equal(limits.length, 1, JSON.stringify(d.analysis.diagnostics));
      assert.equal(d.lines.position(limits[0].start).line, 2);
      assert.match(limits[0].message, new RegExp(`at most ${MAX_NESTING} levels`));
      assertOkServed(d);
      // hover and hints anywhere on the deep line answer (nothing, or a value), never throw
      for (let c = 0; c < line.length; c += 97) hover(d, { line: 2, character: c }, DEFAULT_SETTINGS);
    });
  }

  test('a 5,000-term sum: its value, or limit-exceeded; the rest served', () => {
    const text = `${INCLUDE}${OK_LINE}\nauto s = tla::MakeShape(${Array(5000).fill('1').join(' + ')}, 2);\n`;
    const d = cppDoc(text);
    const limits = d.analysis.diagnostics.filter((x) => x.code === 'limit-exceeded');
    if (limits.length === 0) {
      const s = d.analysis.statements.find((x) => d.lines.position(d.analysis.startOf(x)).line === 2);
      assert.equal(s?.result?.value ? printValue(s.result.value) : null, '(5000,2)');
    } else assert.equal(d.lines.position(limits[0].start).line, 2);
    assertOkServed(d);
    hover(d, { line: 2, character: 30 }, DEFAULT_SETTINGS);
  });

  test(`an expression longer than ${MAX_CPP_EXPRESSION_CHARS} characters: limit-exceeded, not parsed`, () => {
    const text = `${INCLUDE}${OK_LINE}\nauto s = tla::MakeShape(${Array(8000).fill('x').join(', ')});\n`;
    const d = cppDoc(text);
    assert.deepEqual(
      d.analysis.diagnostics.map((x) => [x.code, d.lines.position(x.start).line]),
      [['limit-exceeded', 2]],
    );
    assert.match(d.analysis.diagnostics[0].message, new RegExp(`at most ${MAX_CPP_EXPRESSION_CHARS} characters`));
    assertOkServed(d);
  });

  test('.tla: the same deep expression gets the same limit (one place: limits.ts)', () => {
    const a = analyze(`auto s = MakeShape(${'('.repeat(2000)}1${')'.repeat(2000)}, 2);\n`);
    assert.deepEqual(
      a.diagnostics.map((x) => [x.code, x.message]),
      [['limit-exceeded', `brackets nested 2001 deep; at most ${MAX_NESTING} levels are analysed`]],
    );
  });
});

describe('issue 13.2: symbolic expansion is bounded', () => {
  const chain = (n: number) => {
    const lines = [INCLUDE, 'constexpr uint32_t A0 = m;'];
    for (let i = 1; i <= n; i++) lines.push(`constexpr uint32_t A${i} = (A${i - 1} + 1) * (A${i - 1} + 1);`);
    lines.push(`auto s = tla::MakeShape(A${n}, 2);`, OK_LINE, '');
    return lines.join('\n');
  };

  for (const n of [12, 13, 40]) {
    test(`${n} squarings: analysed, the hover of MakeShape(A${n}, 2) is bounded and says the value is opaque`, () => {
      const d = cppDoc(chain(n));
      const h = hoverAt(d, 'MakeShape(A', 2);
      assert.ok(h.length <= MAX_HOVER_CHARS, `hover of ${h.length} characters`);
      assert.ok(h.includes('‹…#'), h.slice(0, 300));
      assert.ok(h.includes('not expanded'), 'the hover says the symbol stands for an expression not expanded');
      assertOkServed(d);
    });
  }

  test('4 squarings stay expanded: (m+1)^2 … exactly, by hand', () => {
    // A1 = (m+1)^2 = m^2+2m+1; A2 = (A1+1)^2 = (m^2+2m+2)^2 = m^4+4m^3+8m^2+8m+4
    const text = [
      INCLUDE,
      'constexpr uint32_t A0 = m;',
      'constexpr uint32_t A1 = (A0 + 1) * (A0 + 1);',
      'constexpr uint32_t A2 = (A1 + 1) * (A1 + 1);',
      'auto s = tla::MakeShape(A2, 2);',
      '',
    ].join('\n');
    const d = cppDoc(text);
    const s = d.analysis.statements[0];
    assert.equal(printValue(s.result!.value!), '(m^4+m^3·4+m^2·8+m·8+4,2)');
  });

  test('MakeShape((a0+b0)*…*(a17+b17), 2): the hover is bounded', () => {
    const prod = Array.from({ length: 18 }, (_, i) => `(a${i} + b${i})`).join(' * ');
    const d = cppDoc(`${INCLUDE}auto s = tla::MakeShape(${prod}, 2);\n${OK_LINE}\n`);
    const h = hoverAt(d, 'MakeShape(', 2);
    assert.ok(h.length <= MAX_HOVER_CHARS, `hover of ${h.length} characters`);
    assert.ok(h.includes('‹…#'));
    assertOkServed(d);
  });
});

describe('issue 13.2: hints are bounded like hovers', () => {
  test('the inlay hint of a rank-300 layout of long names: a label that fits, the tooltip bounded', () => {
    const names = Array.from({ length: 300 }, (_, i) => `extent_of_mode_${i}`);
    const text = `${INCLUDE}auto l = tla::MakeLayout(tla::MakeShape(${names.join(', ')}), tla::MakeStride(${names.map(() => '1').join(', ')}));\n`;
    const d = cppDoc(text);
    const hints = allHints(d);
    assert.equal(hints.length, 1);
    const label = hints[0].label as string;
    assert.ok(label.length <= MAX_HINT_LABEL_CHARS, `label of ${label.length}`);
    // no shape fits in 40 characters: what it is (issue 24: hints that fit)
    assert.equal(label, '▸ a layout of rank 300');
    const tip = (hints[0].tooltip as { value: string }).value;
    assert.ok(tip.length <= MAX_HOVER_CHARS, `tooltip of ${tip.length}`);
  });
});

describe('issue 13.3: caches are bounded by bytes and go with their document', () => {
  test('typing inside a TLA call left open at the top of a 250 KB header: the caches stay within their bound', () => {
    const header = syntheticHeader(250_000);
    const at = header.indexOf('namespace');
    const analyzer = new CppAnalyzer();
    let text = header.slice(0, at) + 'auto t = tla::MakeShape(tla::MakeShape(' + header.slice(at);
    analyzeFully(analyzer, text);
    const typed = 'x, 1, 2, MakeShape(k';
    let p = at + 'auto t = tla::MakeShape(tla::MakeShape('.length;
    for (let i = 0; i < 300; i++) {
      const ch = typed[i % typed.length];
      text = text.slice(0, p) + ch + text.slice(p);
      p++;
      analyzeFully(analyzer, text);
      // never more than twice what the text needs plus the slack: not one entry per keystroke
      assert.ok(analyzer.cacheBytes <= 2 * entryBytes(text) + CACHE_SLACK_BYTES, `${analyzer.cacheBytes} bytes after ${i + 1} keystrokes`);
    }
    // the open call reaches far: it is refused by length, the sites after it are not lost
    const fresh = new CppAnalyzer();
    assert.deepEqual(cppObservable(analyzeFully(analyzer, text)), cppObservable(analyzeFully(fresh, text)));
  });
});

describe('issue 13.4: the scratchpad of a long alias chain', () => {
  test('3,255 `using X{i} = X{i-1};` then Open in Layout Scratchpad on X3254{}: the whole chain, no stack overflow', () => {
    const lines = [INCLUDE, 'using X0 = tla::Layout<tla::Shape<_4, _8>, tla::Stride<_8, _1>>;'];
    for (let i = 1; i < 3255; i++) lines.push(`using X${i} = X${i - 1};`);
    lines.push('auto l = X3254{};', '');
    const text = lines.join('\n');
    const d = cppDoc(text);
    const at = d.lines.position(text.indexOf('X3254{}') + 1);
    const r = scratchpad(d, { textDocument: { uri: d.uri }, position: at });
    assert.equal(r.reason, null);
    const out = r.text!.split('\n');
    // every alias of the chain, each after the one it names (types stay types: `using X1 = X0;`)
    assert.equal(out.filter((l) => /^using X\d+ = /.test(l)).length, 3255);
    assert.ok(
      out.indexOf('using X0 = tla::Layout<tla::Shape<_4, _8>, tla::Stride<_8, _1>>;') >= 0 &&
        out.indexOf('using X0 = tla::Layout<tla::Shape<_4, _8>, tla::Stride<_8, _1>>;') < out.indexOf('using X1 = X0;'),
    );
    // the declaration the cursor is in, then its name printed: a 4×8 row-major layout
    assert.ok(out.includes('auto l = X3254{};'));
    assert.ok(out.some((l) => l.startsWith('print(l);') && l.includes('(_4,_8):(_8,_1)')));
  });
});

describe('issue 13.6: line ends \\n, \\r\\n and a lone \\r', () => {
  const kernel = readFileSync(path.join(ROOT, 'examples/cpp/matmul_kernel.cpp'), 'utf8').replace(/\r\n?/g, '\n');
  test('the kernel example has the same 8 inlay hints, on the same lines, with every line end', () => {
    const by = (eol: string) => {
      const d = cppDoc(kernel.replace(/\n/g, eol));
      return allHints(d).map((h) => [h.position.line, h.position.character, h.label]);
    };
    const lf = by('\n');
    assert.equal(lf.length, 8); // test/cpp/kernel.test.ts lists the 8 hints, by hand
    assert.deepEqual(by('\r\n'), lf);
    assert.deepEqual(by('\r'), lf);
  });

  test('a // comment or a # line ended by a lone \\r ends there (C++)', () => {
    const text = `#include "tla/layout.hpp"\r// a comment\r${OK_LINE}\r#define X 1\r${OK_LINE.replace('ok', 'ok2')}\r`;
    const d = cppDoc(text);
    assert.deepEqual(
      allHints(d).map((h) => [h.position.line, h.label]),
      [
        [2, `▸ ${OK_VALUE}`],
        [4, `▸ ${OK_VALUE}`],
      ],
    );
  });

  test('.tla: a // comment ended by a lone \\r inside a statement ends there', () => {
    const text = 'auto l = MakeLayout(MakeShape(4, 8), // rows, cols\r  MakeStride(8, 1));\r';
    const a = analyze(text);
    assert.deepEqual(a.diagnostics, []);
    assert.equal(printValue(a.declarations.get('l')!.value!), OK_VALUE);
  });
});

describe('issue 13.7: incremental C++ analysis', () => {
  const header = syntheticHeader(400_000);

  test('one character typed in the middle of a 400 KB header tokenizes a few characters again, parses one expression', () => {
    const analyzer = new CppAnalyzer();
    analyzeFully(analyzer, header);
    const at = header.indexOf('tla::MakeShape(M', header.length >> 1) + 'tla::MakeShape('.length;
    // M{i} → M{i}+1 in one site
    const mEnd = header.indexOf(',', at);
    const edited = header.slice(0, mEnd) + '+1' + header.slice(mEnd);
    const a = analyzeFully(analyzer, edited);
    assert.ok(analyzer.stats.tokenized < 200, `${analyzer.stats.tokenized} characters tokenized again`);
    // the edited MakeLayout and the offset that uses its layout
    assert.ok(analyzer.stats.parsed <= 2, `${analyzer.stats.parsed} parsed`);
    assert.ok(analyzer.stats.evaluated <= 3, `${analyzer.stats.evaluated} evaluated`);
    assert.deepEqual(cppObservable(a), cppObservable(analyzeFully(new CppAnalyzer(), edited)));
  });

  test('edits of every kind (a comment opened, a # line, a bracket) agree with a fresh analysis', () => {
    const analyzer = new CppAnalyzer();
    let text = syntheticHeader(20_000);
    analyzeFully(analyzer, text);
    const edits: [string, string][] = [
      ['struct Block3 {', '/* struct Block3 {'],
      ['};\n// block 5', '};*/\n// block 5'],
      ['    static constexpr uint32_t M7', '#define Q \\\n    static constexpr uint32_t M7'],
      ['tla::MakeShape(M9, ', 'tla::MakeShape((M9, '],
      ['tla::MakeShape((M9, ', 'tla::MakeShape(M9, '],
      ['\n', '\r'],
      ['"', '"'],
    ];
    for (const [from, to] of edits) {
      text = text.replace(from, to);
      assert.deepEqual(
        cppObservable(analyzeFully(analyzer, text)),
        cppObservable(analyzeFully(new CppAnalyzer(), text)),
        `after ${JSON.stringify(to)}`,
      );
    }
    // a big paste in the middle (more tokens than one splice takes), then its removal
    const mid = text.indexOf('// block 20');
    const pasted = syntheticHeader(80_000).replace(INCLUDE, '');
    const before = text;
    text = text.slice(0, mid) + pasted + text.slice(mid);
    assert.deepEqual(cppObservable(analyzeFully(analyzer, text)), cppObservable(analyzeFully(new CppAnalyzer(), text)), 'after the paste');
    text = before;
    assert.deepEqual(cppObservable(analyzeFully(analyzer, text)), cppObservable(analyzeFully(new CppAnalyzer(), text)), 'after removing it');
  });

  test('an analysis past its time budget yields a partial answer, and the next call continues to the same end', () => {
    const text = syntheticHeader(30_000);
    const analyzer = new CppAnalyzer();
    analyzer.budgetMs = 0; // one new evaluation a call
    const first = analyzer.analyze(text);
    assert.equal(first.complete, false);
    const paused = first.diagnostics.filter((d) => d.code === 'limit-exceeded');
    assert.equal(paused.length, 1);
    assert.match(paused[0].message, /^analysis paused here after \d+ ms \(at most \d+ ms at a time\)/);
    let calls = 1;
    let a = first;
    while (!a.complete) {
      a = analyzer.analyze(text);
      calls++;
      assert.ok(calls < 10_000, 'it progresses');
    }
    assert.ok(calls > 2);
    assert.deepEqual(cppObservable(a), cppObservable(analyzeFully(new CppAnalyzer(), text)));
  });
});

describe('issue 13.5 (in process): a document replaced under the same version', () => {
  test('DocumentAnalyses.get answers for the new text, not the first', async () => {
    const { DocumentAnalyses } = await import('../../server/src/documents');
    const { TextDocument } = await import('vscode-languageserver-textdocument');
    const analyses = new DocumentAnalyses();
    const first = TextDocument.create('file:///a.cpp', 'cpp', 1, `${INCLUDE}${OK_LINE}\n`);
    assert.equal(analyses.get(first).analysis.statements.length, 1);
    const second = TextDocument.create('file:///a.cpp', 'cpp', 1, '\n');
    const b = analyses.get(second);
    assert.equal(b.text, '\n');
    assert.equal(b.analysis.statements.length, 0);
    assert.equal(new LineIndex(b.text).lineCount, b.lines.lineCount);
  });
});

describe('the time budget on the .tla path (the same limit, from limits.ts)', () => {
  const program = (n: number, k = 0) =>
    Array.from(
      { length: n },
      (_, i) => `auto l${i} = MakeLayout(MakeShape(${(i % 7) + 1 + k}, 8), MakeStride(8, _1));\nauto o${i} = l${i}(MakeCoord(1, 2));`,
    ).join('\n') + '\n';
  const observable = (a: ReturnType<typeof analyze>) => ({
    diagnostics: a.diagnostics.map((d) => [d.code, d.start, d.end, d.message]),
    values: a.statements.map((s) => [a.startOf(s), s.result?.value ? printValue(s.result.value) : null]),
    declarations: [...a.declarations.keys()],
  });

  test('an Analyzer with budget 0 yields after each new statement and continues to the fresh analysis', () => {
    const text = program(120);
    const analyzer = new Analyzer();
    analyzer.budgetMs = 0;
    let a = analyzer.analyze(text);
    assert.equal(a.complete, false);
    assert.match(a.diagnostics[a.diagnostics.length - 1].message, /^analysis paused here after \d+ ms \(at most \d+ ms at a time\)/);
    let calls = 1;
    while (a.complete === false) {
      a = analyzer.analyze(text);
      assert.ok(++calls < 10_000);
    }
    assert.ok(calls > 2, `${calls} calls`);
    assert.deepEqual(observable(a), observable(analyze(text)));
  });

  test('a whole analysis paused, then another text: the paused one is dropped, the new one reaches its fresh analysis', () => {
    const analyzer = new Analyzer();
    analyzer.budgetMs = 0;
    const first = program(60);
    assert.equal(analyzer.analyze(first).complete, false);
    const second = program(60, 3);
    let a = analyzer.analyze(second);
    for (let i = 0; a.complete === false && i < 10_000; i++) a = analyzer.analyze(second);
    assert.deepEqual(observable(a), observable(analyze(second)));
    // and an edit of it, planned from this complete analysis
    const third = second.replace('auto o30 =', 'auto o30z =');
    a = analyzer.analyze(third);
    for (let i = 0; a.complete === false && i < 10_000; i++) a = analyzer.analyze(third);
    assert.deepEqual(observable(a), observable(analyze(third)));
  });

  test('an edit while an analysis is paused: the next analyses reach the fresh analysis of the edited text', () => {
    const analyzer = new Analyzer();
    const first = program(100);
    analyzer.analyze(first); // a whole analysis: the edits below are planned from it
    analyzer.budgetMs = 0;
    const edited = first.replace('MakeShape(4, 8)', 'MakeShape(40, 8)').replace('auto o50 =', 'auto o50x =');
    assert.equal(analyzer.analyze(edited).complete, false);
    const again = edited.replace('auto o70 =', 'auto o70y =');
    let a = analyzer.analyze(again);
    for (let i = 0; a.complete === false && i < 10_000; i++) a = analyzer.analyze(again);
    assert.deepEqual(observable(a), observable(analyze(again)));
  });
});
