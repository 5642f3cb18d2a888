// The template resolver on small self-written headers (test/fixtures/templates) that mirror
// Catlass's idioms. Expected values are the C++ rules worked by hand (in the comments).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { HeaderIndex, evaluateScratch, outcomeFields } from '../../server/src/language';
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
  test('a recursive template answers unknown within its limits', () => {
    const o = r(['using namespace Demo;'], 'auto r = Deep<100000>::value;');
    assert.ok(o && 'unknown' in o, JSON.stringify(o));
  });
});
