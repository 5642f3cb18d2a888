// Inputs that C++ rejects: each must be an error diagnostic on its expression,
// whose message says what is really wrong (the ranks or depths, not "Index out of range").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import { readGolden } from '../helpers';

// What each message must name, read off the case's `why` by hand.
const mustSay: Record<string, RegExp[]> = {
  'reject-0': [/coord rank 3/, /shape rank 2/],
  'reject-1': [/coord rank 2/, /shape rank 3/],
  'reject-2': [/stride rank 3/, /shape rank 2/],
  'reject-3': [/coord is deeper than the shape/],
  'reject-4': [/stride rank 3/, /shape rank 2/],
  'reject-5': [/stride rank 3/, /shape rank 2/, /mode <0>/],
  'reject-6': [/tileShape must be a flat tuple/, /depth 2/],
  'reject-7': [/coord rank 3/, /tileShape rank 2/],
  'reject-8': [/coord must be a flat tuple/, /depth 2/],
  'reject-9': [/tileShape rank 3/, /layout rank 2/],
  'reject-10': [/rank-2/, /rank 3/],
  'reject-11': [/tileShape must be a flat tuple/, /integer/],
  'reject-12': [/'nN'/, /RowMajor, ColumnMajor/],
  'reject-13': [/'PaddingRowMajor'/, /RowMajor, ColumnMajor/],
};

const cases = readGolden('reject.jsonl');

test('every reject case is covered by an expectation here', () => {
  assert.deepEqual(cases.map((c) => c.id).sort(), Object.keys(mustSay).sort());
});

for (const c of cases) {
  test(`${c.id}: ${c.why}`, () => {
    const prefix = 'auto r = ';
    const text = `${prefix}${c.expr};`;
    const a = analyze(text);
    const errors = a.diagnostics.filter((d) => d.severity === 'error');
    assert.equal(errors.length, 1, `one error expected, got ${JSON.stringify(errors.map((e) => e.message))}`);
    const [err] = errors;
    assert.ok(err.start >= prefix.length && err.end <= prefix.length + c.expr.length, 'the error lies on the expression');
    for (const re of mustSay[c.id]) assert.match(err.message, re);
    assert.equal(a.statements[0].result?.value, null, 'a rejected expression has no value');
  });
}
