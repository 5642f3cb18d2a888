// The template resolver on small self-written headers (test/fixtures/templates) that mirror
// Catlass's idioms. Expected values are the C++ rules worked by hand (in the comments).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyses } from '../../server/src/documents';
import { hover } from '../../server/src/features/hover';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { HeaderIndex, evaluateScratch, instantiationWarnings, outcomeFields, printValue } from '../../server/src/language';
import { ROOT } from '../helpers';

const HEADER = path.join(ROOT, 'test', 'fixtures', 'templates', 'policies.hpp');

function r(setup: string[], last: string) {
  const index = new HeaderIndex();
  index.setFile(HEADER, readFileSync(HEADER, 'utf8'));
  const res = evaluateScratch([...setup, last].join('\n'), index, (f) => path.basename(f));
  return res.resolved.get('r')?.outcome;
}

describe('template resolver on self-written headers', () => {
  test('defaults are written out: Policy<RowTag> is Policy<RowTag, false, 2>', () => {
    const o = r(['using namespace Demo;'], 'using r = Policy<RowTag>;');
    assert.deepEqual(o && outcomeFields(o), { type: 'Demo::Policy<Demo::RowTag, false, 2>' });
  });
  test('the partial specialisation is chosen and a member alias chain resolves (Selector<RowTag>::Out = FracTag)', () => {
    const o = r(['using namespace Demo;', 'using B = Block<Policy<ColTag, true, 3>, RowTag>;'], 'using r = B::Chosen;');
    assert.deepEqual(o && outcomeFields(o), { type: 'Demo::FracTag' });
  });
  test('std::conditional_t on a bound bool (FLAG = true → RowTag)', () => {
    const o = r(['using namespace Demo;', 'using B = Block<Policy<ColTag, true, 3>, RowTag>;'], 'using r = B::Flagged;');
    assert.deepEqual(o && outcomeFields(o), { type: 'Demo::RowTag' });
  });
  test('a static constexpr member through another template: N = 3 * 2 = 6, TOTAL = 7', () => {
    const o = r(['using namespace Demo;', 'using B = Block<Policy<ColTag, true, 3>, RowTag>;'], 'auto r = B::TOTAL;');
    assert.deepEqual(o && outcomeFields(o), { text: '7', value: '7' });
  });
  test('a selector with no specialisation stops at its DEPENDENT_FALSE static_assert', () => {
    const o = r(['using namespace Demo;', 'using B = Block<Policy<ColTag>, ColTag>;'], 'using r = B::Chosen;');
    assert.ok(o && 'error' in o, JSON.stringify(o));
    assert.equal(o.error.text, 'Unsupported tag for the selector.');
  });
  test("the block's own static_assert: STAGES 4 gives TOTAL 9 (passes), 5 gives 11 (fails)", () => {
    const ok = r(['using namespace Demo;', 'using B = Block<Policy<ColTag, false, 4>, RowTag>;'], 'auto r = B::TOTAL;');
    assert.deepEqual(ok && outcomeFields(ok), { text: '9', value: '9' });
    const bad = r(['using namespace Demo;', 'using B = Block<Policy<ColTag, false, 5>, RowTag>;'], 'auto r = B::TOTAL;');
    assert.ok(bad && 'error' in bad && bad.error.text === 'too many stages', JSON.stringify(bad));
  });
  test('no matching specialisation: the primary template asserts', () => {
    const o = r(['using namespace Demo;', 'using B = Block<RowTag, RowTag>;'], 'auto r = B::TOTAL;');
    assert.ok(o && 'error' in o && o.error.text === 'Block is not implemented for this policy', JSON.stringify(o));
  });
  test('a C-style cast to bool or an integer type in a template argument (example 70’s `(bool)kvcacheType`)', () => {
    // (bool)3 is true, (int)2u is 2
    const o = r(['using namespace Demo;', 'constexpr int three = 3;'], 'using r = Policy<RowTag, (bool)three, (int)2u>;');
    assert.deepEqual(o && outcomeFields(o), { type: 'Demo::Policy<Demo::RowTag, true, 2>' });
  });
  test('AscendC::TPosition named as a type (Arch::PositionType’s `std::integral_constant<AscendC::TPosition, POS>`)', () => {
    const index = new HeaderIndex();
    const header = path.join(ROOT, 'test', 'fixtures', 'templates', 'position.hpp');
    index.setFile(
      header,
      'namespace Demo {\ntemplate <AscendC::TPosition POS>\nusing PositionType = std::integral_constant<AscendC::TPosition, POS>;\n}\n',
    );
    const res = evaluateScratch('using namespace Demo;\nusing r = PositionType<AscendC::TPosition::CO1>;', index, (f) => path.basename(f));
    const o = res.resolved.get('r')?.outcome;
    assert.ok(o && 'ok' in o, o && 'unknown' in o ? o.unknown : 'an error');
    assert.match(String(outcomeFields(o)?.type), /AscendC::TPosition::CO1/);
  });
  test('a recursive template answers unknown within its limits', () => {
    const o = r(['using namespace Demo;'], 'auto r = Deep<100000>::value;');
    assert.ok(o && 'unknown' in o, JSON.stringify(o));
  });
});

describe('a .tla scratchpad with #include "catlass/…" in the server', () => {
  const include = path.join(ROOT, 'test', 'fixtures', 'templates', 'include');
  // the one header index the server's workspace feeds, here holding every fixture header
  const index = new HeaderIndex();
  for (const rel of readdirSync(include, { recursive: true }) as string[])
    if (/\.hpp$/.test(rel)) index.setFile(path.join(include, rel), readFileSync(path.join(include, rel), 'utf8'));
  const open = (text: string) => {
    const analyses = new DocumentAnalyses();
    analyses.headersOf = () => ({ index, root: include, ready: true, generation: 1 });
    return analyses.get(TextDocument.create('file:///t.tla', 'tla-layout', 1, text)).analysis;
  };
  test('a static constexpr layout member of an instantiation has its value (16×8 row-major: stride (_8,_1))', () => {
    const a = open('#include "catlass/demo_block.hpp"\nusing T = Catlass::Gemm::Demo::Tile<16, 8>;\nauto l = T::LAYOUT;\n');
    const v = a.declarations.get('l')?.value;
    assert.ok(v && v.kind === 'layout', JSON.stringify(a.diagnostics));
    assert.equal(printValue(v).split(':').slice(0, 2).join(':'), '(_16,_8):(_8,_1)');
    assert.deepEqual(
      a.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
  });
  test("an instantiation its static_assert rejects (64×128 > 4096) is an error with the assert's message", () => {
    const a = open('#include "catlass/demo_block.hpp"\nusing T = Catlass::Gemm::Demo::Tile<64, 128>;\nauto n = T::ROWS;\n');
    const errors = a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    assert.ok(
      errors.some((m) => m.includes('Tile exceeds the buffer')),
      errors.join(' | '),
    );
  });
});

describe('a .tla scratchpad over the workspace header index', () => {
  test('resolved once per version and index: the analysis and every hover read the one resolution; a new version or index resolves again', () => {
    const include = path.join(ROOT, 'test', 'fixtures', 'templates', 'include');
    const header = path.join(include, 'catlass', 'demo_block.hpp');
    const index = new HeaderIndex();
    index.setFile(header, readFileSync(header, 'utf8'));
    let generation = 1;
    const analyses = new DocumentAnalyses();
    analyses.headersOf = () => ({ index, root: include, ready: true, generation });
    const text = '#include "catlass/demo_block.hpp"\nusing T = Catlass::Gemm::Demo::Tile<16, 8>;\nconstexpr int64_t R = T::ROWS;\n';
    const doc = TextDocument.create('file:///t.tla', 'tla-layout', 1, text);
    const seen = [1, 2, 3].map(() => {
      const a = analyses.get(doc);
      const h = (hover(a, { line: 2, character: 19 }, DEFAULT_SETTINGS)?.contents as { value: string } | undefined)?.value ?? '';
      // Tile<16, 8>::ROWS = M = 16
      assert.match(h, /\*\*R\*\* from the Catlass headers — .*`16`/, h);
      return a.scratch;
    });
    assert.ok(seen[0] && seen.every((r) => r === seen[0]), 'one resolution for the version');
    const next = TextDocument.update(doc, [{ text: text + '\n' }], 2);
    const second = analyses.get(next).scratch;
    assert.ok(second && second !== seen[0], 'a new version resolves again');
    generation++;
    const third = analyses.get(next).scratch;
    assert.ok(third && third !== second, 'a new index resolves again');
  });
});

describe('instantiation warnings in a kernel file', () => {
  test('an instantiation its static_assert rejects is a warning on its using; the one that compiles is not', () => {
    const file = path.join(ROOT, 'test', 'fixtures', 'templates', 'kernel', 'demo_kernel.cpp');
    const include = path.join(ROOT, 'test', 'fixtures', 'templates', 'include');
    const text = readFileSync(file, 'utf8');
    const read = (p: string) => {
      try {
        return readFileSync(p, 'utf8');
      } catch {
        return undefined;
      }
    };
    const w = instantiationWarnings(text, new HeaderIndex(), include, (f) => path.relative(include, f), read);
    // 64 * 128 = 8192 > 4096: only BadTile
    assert.equal(w.length, 1, JSON.stringify(w));
    assert.equal(w[0].severity, 'warning');
    assert.match(text.slice(w[0].start, w[0].end), /^using BadTile/);
    assert.match(w[0].message, /Tile exceeds the buffer \(catlass\/demo_block\.hpp:\d+\)/);
  });
});
