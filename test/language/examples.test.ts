// Every file in examples/ checks clean and its static_asserts hold.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { LineIndex } from '../../server/src/language';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import { ROOT } from '../helpers';

const dir = path.join(ROOT, 'examples');
const files = readdirSync(dir).filter((f) => f.endsWith('.tla'));

test('there are examples, one per code block of the guide and a kernel file', () => {
  assert.ok(files.length >= 8, `only ${files.length} examples`);
  assert.ok(files.some((f) => /kernel/.test(f)));
});

for (const f of files) {
  test(`examples/${f} checks clean`, () => {
    const text = readFileSync(path.join(dir, f), 'utf8');
    const a = analyze(text);
    const lines = new LineIndex(text);
    const shown = a.diagnostics.map((d) => `${f}:${lines.position(d.start).line + 1}: ${d.severity} ${d.code} ${d.message}`);
    assert.deepEqual(
      shown.filter((s) => / error /.test(s) || / warning /.test(s)),
      [],
    );
    const asserts = a.statements.filter((s) => s.statement?.type === 'assert');
    // a static_assert that did not evaluate (no result) would hide a failure
    for (const s of asserts) assert.ok(s.result, `${f}: a static_assert was not evaluated`);
  });
}

test('the guide values are asserted somewhere in the examples', () => {
  const all = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
  for (const needle of [
    /==\s*37\b/,
    /\(\s*2\s*,\s*2\s*\)/,
    /16\s*,\s*2\s*\)\s*,\s*(?:MakeShape\()?\s*_?16\s*,\s*3/,
    /16\s*,\s*7\s*\)\s*,\s*(?:MakeShape\()?\s*_?16\s*,\s*7/,
  ]) {
    assert.match(all, needle);
  }
});
