// The incremental path equals a full re-analysis. One long-lived Analyzer (its parse
// and evaluation caches, its previous bindings) follows many random edit sequences —
// statements inserted, deleted, replaced, names renamed, syntax broken and fixed,
// numbers changed, text spliced across statements — and after every edit its analysis
// must be exactly that of a fresh `new Analyzer().analyze(text)`: every diagnostic
// (all fields), every statement's span, declared name and printed value, every
// sub-expression value, every declaration.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { Analyzer, CppAnalyzer, DocumentAnalysis, printValue, statementDetails } from '../../server/src/language';
import { declarationSpan, STALE_ENTRIES } from '../../server/src/language/analysis/documentAnalysis';
import { Value } from '../../server/src/language/eval/values';
import { ROOT } from '../helpers';

const show = (v: Value | null | undefined) => (v ? printValue(v) : null);

/** Everything an editor reads from an analysis, as plain data. */
function snapshot(a: DocumentAnalysis) {
  return {
    diagnostics: a.diagnostics,
    statements: a.statements.map((s) => ({
      start: a.startOf(s),
      end: a.endOf(s),
      text: s.chunk.text,
      kind: s.statement?.type ?? null,
      name: s.declaredName ?? null,
      duplicate: !!s.duplicate,
      value: show(s.result?.value),
      local: s.local,
      nodes: s.result ? statementDetails(s).nodeValues.map((nv) => `${nv.node.start}-${nv.node.end}:${printValue(nv.value)}`) : null,
      tiles: s.result ? statementDetails(s).tiles.map((t) => `${t.node.start}:${show(t.result)}`) : null,
      offsets: s.result ? statementDetails(s).offsets.map((o) => `${o.node.start}:${printValue(o.result)}`) : null,
      dependencies: s.result ? [...s.result.dependencies].sort() : null,
    })),
    declarations: [...a.declarations.values()].map((d) => ({
      name: d.name,
      start: declarationSpan(a, d).start,
      end: declarationSpan(a, d).end,
      value: show(d.value),
      at: d.statement.index,
      writes: (d.writes ?? []).map((w) => `${w.statement.index}:${show(w.value)}`),
    })),
  };
}

/** The incremental analysis of `text` must equal a fresh one. */
function checkSame(incremental: Analyzer, text: string, history: string[]): void {
  const got = snapshot(incremental.analyze(text));
  const want = snapshot(new Analyzer().analyze(text));
  try {
    assert.deepStrictEqual(got, want);
  } catch (e) {
    const steps = history.map((h, i) => `--- version ${i}\n${h}`).join('\n');
    throw new Error(`incremental analysis differs from a fresh one after ${history.length - 1} edits\n${steps}\n${(e as Error).message}`, {
      cause: e,
    });
  }
}

// ------------------------------------------------------------ generated documents

const NAMES = ['m', 'n', 'k', 'tile', 'a', 'b', 'c', 't0', 't1'];
const name = fc.constantFrom(...NAMES);
const small = fc.integer({ min: 0, max: 300 });
const pos = fc.integer({ min: 1, max: 260 });
const intExpr = fc.oneof(small.map(String), name, fc.constantFrom('_16', '_1', 'Int<4>{}'));
const el = fc.constantFrom('half', 'float', 'int8_t', 'bfloat16_t');
const tag = fc.constantFrom('zN', 'nZ', 'zZ', 'RowMajor', 'ColumnMajor', 'L0C', 'nN');

/** One statement: the kinds of examples/ (with mistakes now and then), naming names of a small pool. */
const statement: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(name, pos).map(([x, v]) => `uint32_t ${x} = ${v};`),
  fc.tuple(name, name, pos).map(([x, y, v]) => `auto ${x} = CeilDiv(${y}, ${v % 64 || 1});`),
  fc.tuple(name, name, intExpr).map(([x, y, v]) => `auto ${x} = (${y} - 1) * ${v};`),
  fc.tuple(name, el, tag, intExpr, intExpr).map(([x, e, t, r, c]) => `auto ${x} = MakeLayout<${e}, Catlass::layout::${t}>(${r}, ${c});`),
  fc.tuple(name, intExpr, intExpr).map(([x, r, c]) => `auto ${x} = MakeLayoutL0C(${r}, ${c});`),
  fc
    .tuple(name, name, pos, pos, small, small)
    .map(([x, l, tr, tc, r, c]) => `auto ${x} = GetTileLayout(${l}, MakeShape(${tr}, ${tc}),\n    MakeCoord(${r}, ${c}));`),
  fc.tuple(name, pos, pos).map(([l, r, c]) => `static_assert(originShape(${l}) == MakeShape(${r}, ${c}));`),
  fc.tuple(name, intExpr).map(([x, v]) => `static_assert(${x} == ${v});`),
  fc.tuple(name, small, small).map(([l, r, c]) => `print(${l}(MakeCoord(${r}, ${c})));`),
  fc.tuple(name, small, small, name).map(([x, r, c, l]) => `auto ${x} = crd2offset(MakeCoord(${r}, ${c}), shape(${l}), stride(${l}));`),
  fc
    .tuple(name, pos, pos, pos)
    .map(([x, a, b, s]) => `Layout ${x} = MakeLayout(MakeShape(MakeShape(16, ${a % 8 || 1}), ${b}), MakeStride(MakeStride(16, 256), ${s}));`),
  fc.tuple(name, pos, pos).map(([x, a, b]) => `auto ${x} = ((_16,${a % 9 || 1}),(_16,${b % 9 || 1})):((_16,_256),(_1,${b})):(${a},${b});`),
  fc.tuple(name, name).map(([x, y]) => `${x} = ${y};`),
  // a C++ assignment of a declared name: a new binding from the next statement on
  fc.tuple(name, fc.constantFrom('+', '-', '*'), intExpr).map(([x, op, v]) => `${x} ${op}= ${v};`),
  fc.constantFrom('using namespace tla;', '// a comment', '#include "tla/layout.hpp"', '/* block\n comment */'),
);

const document = fc.array(statement, { minLength: 3, maxLength: 14 }).map((st) => st.join('\n') + '\n');

// ------------------------------------------------------------ edits

type Edit =
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number }
  | { kind: 'replace'; at: number; text: string }
  | { kind: 'rename'; from: string; to: string }
  | { kind: 'break'; at: number; junk: string }
  | { kind: 'fix' }
  | { kind: 'number'; at: number; delta: number }
  | { kind: 'reread'; at: number; to: string }
  | { kind: 'splice'; at: number; length: number; text: string };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: statement }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), text: statement }),
  fc.record({ kind: fc.constant('rename' as const), from: name, to: fc.oneof(name, fc.constant('renamed')) }),
  fc.record({
    kind: fc.constant('break' as const),
    at: fc.nat(),
    junk: fc.constantFrom('', '(', ')', ',', ';', '<', '>', ' + ', '{', '"', '_', '//', ' x ', '=='),
  }),
  fc.record({ kind: fc.constant('fix' as const) }),
  fc.record({ kind: fc.constant('number' as const), at: fc.nat(), delta: fc.integer({ min: -20, max: 20 }) }),
  fc.record({
    kind: fc.constant('splice' as const),
    at: fc.nat(),
    length: fc.nat({ max: 40 }),
    text: fc.constantFrom('', ';', '\n', ' 1', 'auto q = ', ' += 1'),
  }),
);

/**
 * Applies an edit. `history` holds the earlier versions: `fix` restores the one before
 * the last `break` (as an undo does); the others work on lines and characters.
 */
function apply(text: string, e: Edit, history: string[], broken: number[]): string {
  const lines = text.split('\n');
  switch (e.kind) {
    case 'insert':
      lines.splice(e.at % (lines.length + 1), 0, ...e.text.split('\n'));
      return lines.join('\n');
    case 'delete':
      if (lines.length > 1) lines.splice(e.at % lines.length, 1);
      return lines.join('\n');
    case 'replace':
      lines.splice(e.at % lines.length, 1, ...e.text.split('\n'));
      return lines.join('\n');
    case 'rename':
      return text.replace(new RegExp(`\\b${e.from}\\b`, 'g'), e.to);
    case 'break': {
      const at = e.at % (text.length + 1);
      broken.push(history.length - 1);
      // junk inserted, or (empty junk) the character at `at` deleted
      return e.junk ? text.slice(0, at) + e.junk + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
    }
    case 'fix': {
      const before = broken.pop();
      return before === undefined ? text : history[before];
    }
    case 'number': {
      const nums = [...text.matchAll(/(?<![\w])\d+(?![\w])/g)];
      if (!nums.length) return text;
      const m = nums[e.at % nums.length];
      const v = Math.max(0, Number(m[0]) + e.delta);
      return text.slice(0, m.index) + v + text.slice(m.index! + m[0].length);
    }
    case 'reread': {
      // one name where it is read (not where it is declared) becomes another: the reads change, the declarations do not
      const uses = [...text.matchAll(new RegExp(`(?<!(?:auto|uint32_t|Layout) )\\b(?:${NAMES.join('|')})\\b(?! =)`, 'g'))];
      if (!uses.length) return text;
      const m = uses[e.at % uses.length];
      return text.slice(0, m.index) + e.to + text.slice(m.index! + m[0].length);
    }
    case 'splice': {
      const at = e.at % (text.length + 1);
      return text.slice(0, at) + e.text + text.slice(at + e.length);
    }
  }
}

// ONE analyzer for every run of every property: stale cache entries of earlier documents
// must not leak into later ones either.
const analyzer = new Analyzer();

function runSequence(start: string, edits: Edit[]): void {
  const history = [start];
  const broken: number[] = [];
  checkSame(analyzer, start, history);
  let text = start;
  for (const e of edits) {
    text = apply(text, e, history, broken);
    history.push(text);
    checkSame(analyzer, text, history);
  }
}

test('random edit sequences on generated documents: incremental analysis = full re-analysis', () => {
  fc.assert(
    fc.property(document, fc.array(edit, { minLength: 1, maxLength: 12 }), (doc, edits) => runSequence(doc, edits)),
    { numRuns: 70 },
  );
});

// The same with the editor's hint of where the text changed (the server passes it from its
// document sync): any hint that does not claim more unchanged text than there is must
// give the same analysis. Each hint here is a random under-estimate of the true unchanged
// prefix and suffix, down to 0.
const hinted = new Analyzer();

function commonEnds(a: string, b: string): { prefix: number; suffix: number } {
  const min = Math.min(a.length, b.length);
  let p = 0;
  while (p < min && a[p] === b[p]) p++;
  let q = 0;
  while (q < min - p && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  return { prefix: p, suffix: q };
}

test('random edit sequences with change hints: incremental analysis = full re-analysis', () => {
  fc.assert(
    fc.property(
      document,
      fc.array(fc.tuple(edit, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), {
        minLength: 1,
        maxLength: 12,
      }),
      (doc, steps) => {
        const history = [doc];
        const broken: number[] = [];
        let text = doc;
        hinted.analyze(text);
        for (const [e, fp, fs] of steps) {
          const next = apply(text, e, history, broken);
          const truth = commonEnds(text, next);
          // mostly the exact hint (what an editor gives), sometimes less
          const hint = fp > 0.3 ? truth : { prefix: Math.floor(truth.prefix * fp), suffix: Math.floor(truth.suffix * fs) };
          text = next;
          history.push(text);
          const got = snapshot(hinted.analyze(text, hint));
          const want = snapshot(new Analyzer().analyze(text));
          try {
            assert.deepStrictEqual(got, want);
          } catch (err) {
            throw new Error(
              `hinted analysis (${JSON.stringify(hint)}) differs after ${history.length - 1} edits\n${history.join('\n---\n')}\n${(err as Error).message}`,
              { cause: err },
            );
          }
        }
      },
    ),
    { numRuns: 70 },
  );
});

// The real files: the examples, edited at random (numbers, lines, names, syntax).
const examples = readdirSync(path.join(ROOT, 'examples'))
  .filter((f) => f.endsWith('.tla'))
  .map((f) => readFileSync(path.join(ROOT, 'examples', f), 'utf8'));

test('random edit sequences on the examples: incremental analysis = full re-analysis', () => {
  const exampleEdit: fc.Arbitrary<Edit> = fc.oneof(
    edit,
    fc.record({ kind: fc.constant('number' as const), at: fc.nat(), delta: fc.integer({ min: -20, max: 20 }) }),
    fc.record({
      kind: fc.constant('rename' as const),
      from: fc.constantFrom('m', 'n', 'k', 'tileM', 'layoutA', 'layoutC', 'zn', 'shape', 'stride', 'a', 'tile'),
      to: fc.constantFrom('m', 'k', 'layoutB', 'zz', 'tileN'),
    }),
  );
  fc.assert(
    fc.property(fc.constantFrom(...examples), fc.array(exampleEdit, { minLength: 1, maxLength: 5 }), (doc, edits) => runSequence(doc, edits)),
    { numRuns: 12 },
  );
});

test('a one-statement edit re-parses one statement and re-evaluates only its dependents', () => {
  const a = new Analyzer();
  const lines = [
    'uint32_t m = 300;',
    'uint32_t k = 200;',
    'auto A = MakeLayout<half, Catlass::layout::zN>(m, k);',
    'auto t = GetTileLayout(A, MakeShape(32, 32), MakeCoord(0, 0));',
    'auto other = MakeLayoutL0C(64, 64);',
    'print(other(MakeCoord(1, 1)));',
  ];
  a.analyze(lines.join('\n'));
  lines[1] = 'uint32_t k = 256;';
  a.analyze(lines.join('\n'));
  // k changed: its statement re-parses; k, A and t re-evaluate; `other` and its print do not
  assert.deepEqual(a.stats, { parsed: 1, evaluated: 3, statements: 6 });
  lines[4] = 'auto other = MakeLayoutL0C(64, 65);';
  a.analyze(lines.join('\n'));
  assert.deepEqual(a.stats, { parsed: 1, evaluated: 2, statements: 6 });
  // the same value from a different text: dependents stay cached
  lines[0] = 'uint32_t m = 299 + 1;';
  a.analyze(lines.join('\n'));
  assert.deepEqual(a.stats, { parsed: 1, evaluated: 1, statements: 6 });
});

// Typing that keeps the declared names (a number changed, a name read in place of another):
// the analysis walks from the edit to the statements that read what changed (the readers
// index), the others stand as they were. Longer documents, so that most statements follow
// the edit and are not looked at.
const keepingNames = new Analyzer();
test('edits that keep the declared names (the readers index): incremental analysis = full re-analysis', () => {
  const keeping: fc.Arbitrary<Edit> = fc.oneof(
    fc.record({ kind: fc.constant('number' as const), at: fc.nat(), delta: fc.integer({ min: -20, max: 20 }) }),
    fc.record({ kind: fc.constant('reread' as const), at: fc.nat(), to: name }),
  );
  const long = fc.array(statement, { minLength: 20, maxLength: 60 }).map((st) => st.join('\n') + '\n');
  fc.assert(
    // one to four edits between analyses (a burst of keystrokes: several edited regions)
    fc.property(long, fc.array(fc.array(keeping, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 10 }), (doc, bursts) => {
      const history = [doc];
      checkSame(keepingNames, doc, history);
      let text = doc;
      for (const burst of bursts) {
        for (const e of burst) text = apply(text, e, history, []);
        history.push(text);
        checkSame(keepingNames, text, history);
      }
    }),
    { numRuns: 70 },
  );
});

test('a number edit looks at the statements that read what it changed, not at the rest of the file', () => {
  // 1,000 independent declarations, then a reader of v0 and a reader of that reader
  const lines = Array.from({ length: 1000 }, (_, i) => `uint32_t v${i} = ${i + 1};`);
  lines.push('uint32_t r = v0 * 2;', 'uint32_t rr = r + 1;', 'static_assert(rr == 3);');
  const a = new Analyzer();
  a.analyze(lines.join('\n'));
  lines[0] = 'uint32_t v0 = 5;';
  const edited = a.analyze(lines.join('\n'));
  // looked at: v0 (edited), v1 (the first after the edit, where the walk settles which names
  // the edit bound otherwise: v0), r (reads v0), rr (reads r), the static_assert (reads rr)
  assert.equal(a.visited, 5);
  assert.deepEqual(a.stats, { parsed: 1, evaluated: 4, statements: 1003 });
  // rr = 5·2 + 1 = 11: the static_assert fails
  assert.deepEqual(
    edited.diagnostics.map((d) => d.code),
    snapshot(new Analyzer().analyze(lines.join('\n'))).diagnostics.map((d) => d.code),
  );
  assert.equal(edited.diagnostics.length, 1);
  // an edit whose value nothing reads: itself and the statement after it
  lines[500] = 'uint32_t v500 = 7;';
  a.analyze(lines.join('\n'));
  assert.equal(a.visited, 2);
  // two edits far apart between two analyses (a burst), told as the editor tells them (the
  // changed ranges: each number replaced): each with the statement after it
  const lineStart = (i: number) => lines.slice(0, i).reduce((n, l) => n + l.length + 1, 0);
  const ranges = [100, 900].map((i) => {
    const at = lineStart(i) + lines[i].indexOf('= ') + 2;
    const oldLength = String(i + 1).length;
    lines[i] = `uint32_t v${i} = 7;`;
    return { start: at, end: at + 1, oldLength };
  });
  a.analyze(lines.join('\n'), { ranges });
  assert.equal(a.visited, 4);
});

// Change hints meet the time budget: a whole analysis paused and overtaken by another text
// is dropped, so the hint of the new text (told from the dropped one) must not be applied
// to the analysis before it, even when the lengths agree.
test('a hint told from a paused whole analysis that is dropped is not applied to the one before', () => {
  const body = Array.from({ length: 30 }, (_, i) => `auto l${i} = MakeLayout(MakeShape(a + ${i}, 8), MakeStride(8, 1));\n`).join('');
  const old = `auto a = 1;\n${body}auto z = 5;\n`;
  const analyzer = new Analyzer();
  analyzer.analyze(old);
  analyzer.budgetMs = 0;
  // the same length; the region re-split ends in a preprocessor line: the whole text is split
  // again (and evaluated again: `a` is gone)
  const t1 = old.replace('auto a = 1;', '#uto a = 1;');
  const p1 = analyzer.analyze(t1, { ranges: [{ start: 0, end: 1, oldLength: 1 }] });
  assert.equal(analyzer.regions, 0);
  assert.equal(p1.complete, false);
  const at = t1.lastIndexOf('5');
  const t2 = t1.slice(0, at) + '6' + t1.slice(at + 1);
  let a = analyzer.analyze(t2, { ranges: [{ start: at, end: at + 1, oldLength: 1 }] });
  for (let k = 0; a.complete === false; k++) {
    assert.ok(k < 10_000);
    a = analyzer.analyze(t2);
  }
  assert.deepStrictEqual(snapshot(a), snapshot(new Analyzer().analyze(t2)));
});

// Issue 10, item 5: an analysis is an immutable snapshot. The next analysis may share its
// records, never change them: every analysis of a long edit sequence (paused ones included)
// must print afterwards exactly as it printed when it was returned.
function printed(a: DocumentAnalysis): string {
  return JSON.stringify(
    {
      ...snapshot(a),
      complete: a.complete,
      records: a.statements.map((s) => ({
        index: s.index,
        chunk: { ...s.chunk },
        declaredNameSpan: s.declaredNameSpan ?? null,
        reads: s.reads?.map(([n, b]) => `${n}=${b ? show(b.value) : 'unbound'}`) ?? null,
        baseLocal: s.baseLocal ?? null,
      })),
      declared: [...a.declarations.values()].map((d) => ({ name: d.name, ...declarationSpan(a, d), of: a.startOf(d.statement) })),
    },
    (_k, v) => (typeof v === 'bigint' ? `${v}n` : v),
  );
}

test('an analysis is never changed by the analyses after it (paused ones included)', () => {
  fc.assert(
    fc.property(document, fc.array(fc.tuple(edit, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 12 }), (doc, steps) => {
      const a = new Analyzer();
      const taken: { analysis: DocumentAnalysis; print: string }[] = [];
      const keep = (x: DocumentAnalysis) => taken.push({ analysis: x, print: printed(x) });
      keep(a.analyze(doc));
      const history = [doc];
      const broken: number[] = [];
      let text = doc;
      for (const [e, hinted, paused] of steps) {
        const next = apply(text, e, history, broken);
        // no hint, the unchanged ends, or the changed range (as the server's document sync tells it)
        const ends = commonEnds(text, next);
        const hint = !hinted
          ? undefined
          : next.length % 2
            ? ends
            : { ranges: [{ start: ends.prefix, end: next.length - ends.suffix, oldLength: text.length - ends.suffix - ends.prefix }] };
        text = next;
        history.push(text);
        a.budgetMs = paused ? 0 : Infinity;
        let x = a.analyze(text, hint);
        keep(x);
        // a paused analysis continues on the same text; each slice is a snapshot too
        for (let k = 0; x.complete === false && k < 3; k++) keep((x = a.analyze(text)));
        a.budgetMs = Infinity;
        if (x.complete === false) keep(a.analyze(text));
      }
      for (const [i, t] of taken.entries()) assert.equal(printed(t.analysis), t.print, `analysis ${i} of ${taken.length} changed afterwards`);
    }),
    { numRuns: 60 },
  );
});

test('a C++ analysis is never changed by the analyses after it (paused ones included)', () => {
  const dir = path.join(ROOT, 'examples', 'cpp');
  for (const f of readdirSync(dir)) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    const a = new CppAnalyzer();
    a.budgetMs = 0; // one piece of work a call: every call returns a paused snapshot
    const taken: { analysis: DocumentAnalysis; print: string }[] = [];
    const versions = [text, text.replace(/\b(\d+)\b/, (m) => String(Number(m) + 1)), text];
    for (const v of versions) {
      let x = a.analyze(v);
      taken.push({ analysis: x, print: printed(x) });
      for (let k = 0; x.complete === false; k++) {
        assert.ok(k < 100_000);
        x = a.analyze(v);
        taken.push({ analysis: x, print: printed(x) });
      }
    }
    assert.ok(taken.length > 3, f);
    for (const [i, t] of taken.entries()) assert.equal(printed(t.analysis), t.print, `${f}: analysis ${i} of ${taken.length} changed afterwards`);
  }
});

// The analysis keeps no sub-expression values or offset calls (issue 15): statementDetails
// computes them again from the statement's tree and the bindings it read. They must be those
// the first evaluation recorded: the same values on the same nodes, in the same order.
function details(a: DocumentAnalysis) {
  return a.statements.map((s) => {
    const d = statementDetails(s);
    return {
      nodes: d.nodeValues.map((nv) => [nv.node, printValue(nv.value)]),
      tiles: d.tiles.map((t) => [t.node, show(t.result), show(t.parent)]),
      offsets: d.offsets.map((o) => [o.node, o.coordNode, printValue(o.result), show(o.layout)]),
    };
  });
}

test('the details computed again when asked are those the evaluation recorded (examples and generated documents)', () => {
  const check = (text: string) => {
    const kept = new Analyzer();
    kept.keepDetails = true;
    const want = kept.analyze(text);
    const got = new Analyzer().analyze(text);
    // the same trees (the nodes are compared by position and kind)
    const plain = (x: unknown) => JSON.stringify(x, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
    assert.equal(plain(details(got)), plain(details(want)));
    // asked twice (the second answer from what is kept): the same nodes, the statement's own tree
    for (const s of got.statements) {
      const a = statementDetails(s).nodeValues;
      const b = statementDetails(s).nodeValues;
      assert.equal(a.length, b.length);
      for (let i = 0; i < a.length; i++) assert.equal(a[i].node, b[i].node);
    }
  };
  for (const e of examples) check(e);
  fc.assert(fc.property(document, check), { numRuns: 100 });
});

test('the caches keep at most STALE_ENTRIES entries of statements no longer in the document', () => {
  // 600 edits of one statement of ten: each leaves its previous text behind in both caches;
  // the byte bound alone (8 MB of slack) would keep all 600 of these small ones
  const rest = Array.from({ length: 9 }, (_, i) => `auto b${i} = MakeShape(${i + 1}, 2);`).join('\n');
  const a = new Analyzer();
  for (let v = 0; v < 600; v++) a.analyze(`auto a = MakeShape(${v}, 4);\n${rest}\n`);
  const caches = a as unknown as { evalCache: Map<string, unknown>; parseCache: Map<string, unknown> };
  assert.ok(caches.evalCache.size <= 10 + STALE_ENTRIES + 1, `${caches.evalCache.size} evaluation entries`);
  assert.ok(caches.parseCache.size <= 10 + STALE_ENTRIES + 1, `${caches.parseCache.size} parse entries`);
});
