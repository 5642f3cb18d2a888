// The v2 goldens (tensors, tag objects, Weight4BitnZ, MX scale, predicates), each case as its own
// document — setup, then `auto r = EXPR;` — must give exactly what the Catlass headers gave.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as core from '../../server/src/core';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import { GoldenCase, caseDocument, readGolden } from '../helpers';

const cases: GoldenCase[] = readGolden('catlass-v2-1.jsonl');
const byKind = new Map<string, GoldenCase[]>();
for (const c of cases) byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c]);

function errorsOf(text: string): string[] {
  return analyze(text)
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.code}: ${d.message}`);
}

function evaluateCase(c: GoldenCase): { got: GoldenCase['expect'] | null; errors: string[] } {
  if (c.expect.kinds) {
    // every asked predicate as C++ writes it, on decltype(r)
    const statements = (c.predicates ?? []).map((p, i) =>
      core.ELEMENT_PREDICATES.has(p)
        ? `auto p${i} = tla::detail::is${p}<${c.element}, decltype(r)>::value;`
        : `auto p${i} = tla::detail::is${p}<decltype(r)>::value;`,
    );
    const { text } = caseDocument(c, [`auto r = ${c.expr};`, ...statements].join('\n'));
    const a = analyze(text);
    const errors = a.diagnostics.filter((d) => d.severity === 'error');
    const kinds: string[] = [];
    (c.predicates ?? []).forEach((p, i) => {
      const d = a.declarations.get(`p${i}`);
      const v = d?.value;
      if (v?.kind === 'bool' && v.value) kinds.push(p);
    });
    // a predicate that does not compile for this layout type is left out (the goldens do the same)
    const real = errors.filter((e) => !/^p\d+$/.test(text.slice(e.start, e.end)) && !/does not compile/.test(e.message));
    return { got: { kinds: kinds.sort() }, errors: real.map((e) => `${e.code}: ${e.message}`) };
  }
  const { text } = caseDocument(c);
  const a = analyze(text);
  const errors = a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}: ${d.message}`);
  const v = a.declarations.get('r')?.value;
  if (!v) return { got: null, errors };
  if (v.kind === 'layout') {
    return {
      got: { shape: core.printIntTuple(v.shape), stride: core.printIntTuple(v.stride), originShape: core.printIntTuple(v.originShape) },
      errors,
    };
  }
  if (v.kind === 'tensor') {
    return {
      got: {
        shape: core.printIntTuple(v.layout.shape),
        stride: core.printIntTuple(v.layout.stride),
        originShape: core.printIntTuple(v.layout.originShape),
        coord: core.printIntTuple(v.coord),
        offset: core.printIntTuple(v.data.offset),
        position: v.position,
        element: v.data.element,
      },
      errors,
    };
  }
  if (v.kind === 'int' || v.kind === 'tuple') return { got: { value: core.printIntTuple(v) }, errors };
  return { got: { value: `<${v.kind}>` }, errors };
}

/** Keys compared in the order the golden lists them. */
const sameAs = (got: GoldenCase['expect'] | null, want: GoldenCase['expect']) =>
  !!got &&
  Object.keys(want).every((k) => JSON.stringify((got as Record<string, unknown>)[k]) === JSON.stringify((want as Record<string, unknown>)[k]));

describe('v2 golden cases from the Catlass headers (each case its own document)', () => {
  test('the v2 goldens are all there (every kind)', () => {
    assert.ok(cases.length >= 600, `only ${cases.length} cases read`);
    for (const kind of [
      'tensor',
      'tensor_index',
      'tensor_like',
      'from_tag',
      'weight4bit',
      'mx_scale',
      'tile_dynamic_inner',
      'kernel_snippet',
      'layout_kind',
    ]) {
      assert.ok(byKind.has(kind), `no golden of kind ${kind}`);
    }
  });
  test('every setup evaluates without an error', () => {
    const bad = cases
      .filter((c) => c.setup?.length)
      .map((c) => ({ c, errors: errorsOf(caseDocument(c, '').text) }))
      .filter((x) => x.errors.length);
    assert.equal(
      bad.length,
      0,
      bad
        .slice(0, 8)
        .map((x) => `${x.c.id}: ${x.errors.join('; ')}`)
        .join('\n'),
    );
  });
  for (const [kind, list] of byKind) {
    test(`${kind}: ${list.length} cases evaluate exactly`, () => {
      const failures: string[] = [];
      for (const c of list) {
        const { got, errors } = evaluateCase(c);
        if (errors.length || !sameAs(got, c.expect)) {
          failures.push(`${c.id}: ${c.expr}\n   expected ${JSON.stringify(c.expect)}\n   got      ${JSON.stringify(got)} ${errors.join('; ')}`);
        }
      }
      assert.equal(failures.length, 0, `${failures.length}/${list.length} ${kind} cases differ:\n${failures.slice(0, 8).join('\n')}`);
    });
  }
});
