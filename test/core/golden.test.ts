// Every golden case, `auto r = EXPR;` through the real parser and evaluator,
// must print exactly as the Catlass headers printed it (static `_` marks included).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as core from '../../server/src/core';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import { GOLDEN_FILES, GoldenCase, readGolden } from '../helpers';

const cases: GoldenCase[] = GOLDEN_FILES.flatMap(readGolden);
const byKind = new Map<string, GoldenCase[]>();
for (const c of cases) byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c]);

function evaluateCase(c: GoldenCase): { got: GoldenCase['expect'] | null; errors: string[] } {
  const a = analyze(`auto r = ${c.expr};`);
  const errors = a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}: ${d.message}`);
  const v = a.statements[0]?.result?.value;
  if (!v) return { got: null, errors };
  if (v.kind === 'layout') {
    return {
      got: { shape: core.printIntTuple(v.shape), stride: core.printIntTuple(v.stride), originShape: core.printIntTuple(v.originShape) },
      errors,
    };
  }
  if (v.kind !== 'int' && v.kind !== 'tuple') return { got: { value: `<${v.kind}>` }, errors };
  return { got: { value: core.printIntTuple(v) }, errors };
}

describe('golden cases from the Catlass headers', () => {
  test('the goldens are all there (over 2,000 cases, every kind)', () => {
    assert.ok(cases.length > 2000, `only ${cases.length} cases read`);
    for (const kind of [
      'crd2offset',
      'make_layout',
      'make_layout_tag',
      'make_layout_l0c',
      'make_layout_vec',
      'make_layout_fmap',
      'make_layout_filter',
      'tile_tag',
      'tile_offset',
      'offset_tag',
      'tile_flat',
      'tile_flat_offset',
      'type_layout',
      'type_offset',
      'query',
      'edge',
    ]) {
      assert.ok(byKind.has(kind), `no golden of kind ${kind}`);
    }
  });
  for (const [kind, list] of byKind) {
    test(`${kind}: ${list.length} cases evaluate exactly`, () => {
      const failures: string[] = [];
      for (const c of list) {
        const { got, errors } = evaluateCase(c);
        if (errors.length || JSON.stringify(got) !== JSON.stringify(c.expect)) {
          failures.push(`${c.id}: ${c.expr}\n   expected ${JSON.stringify(c.expect)}\n   got      ${JSON.stringify(got)} ${errors.join('; ')}`);
        }
      }
      assert.equal(failures.length, 0, `${failures.length}/${list.length} ${kind} cases differ:\n${failures.slice(0, 10).join('\n')}`);
    });
  }
});
