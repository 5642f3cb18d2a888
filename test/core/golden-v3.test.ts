// The v3 goldens of the older Catlass::layout object API, the Catlass coords and the tensor
// queries: each case as its own `.tla` document (the goldens README's v3 form: `using namespace
// tla;`, the arch, the setup, `auto r = EXPR;`), its value read as `tla-layout eval --json`
// prints it (summarize: `class`, `shape`, `stride`, `orgShape`, coords as `(v0,v1)` in `text`).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { summarize } from '../../server/src/language';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import { GoldenCase, readGolden } from '../helpers';

const KINDS = ['layout_class', 'coord', 'tensor_query'];
const cases: GoldenCase[] = readGolden('catlass-v3-1.jsonl').filter((c) => KINDS.includes(c.kind));

/** The `.tla` document of a v3 case, exactly as the goldens README says. */
export function v3Document(c: GoldenCase, last = `auto r = ${c.expr};`): string {
  return ['using namespace tla;', ...(c.arch ? [`#define CATLASS_ARCH ${c.arch}`] : []), ...(c.setup ?? []), last].join('\n');
}

type Got = Record<string, string | undefined>;

function evaluateCase(c: GoldenCase): { got: Got | null; errors: string[] } {
  const a = analyze(v3Document(c));
  const errors = a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}: ${d.message}`);
  const v = a.declarations.get('r')?.value;
  if (!v) return { got: null, errors };
  const s = summarize(v);
  return { got: { value: s.text, class: s.class, shape: s.shape, stride: s.stride, orgShape: s.orgShape, originShape: s.originShape }, errors };
}

/** Every key the golden lists, and no orgShape where the golden has none (a class without ORG_SHAPE_RANK). */
function sameAs(got: Got | null, want: GoldenCase['expect']): boolean {
  if (!got) return false;
  const w = want as Record<string, string>;
  if (w.class !== undefined && w.orgShape === undefined && got.orgShape !== undefined) return false;
  return Object.keys(w).every((k) => got[k] === w[k]);
}

describe('v3 golden cases: Catlass::layout objects, Catlass coords, tensor queries (each case its own document)', () => {
  test('the v3 goldens of the three kinds are all there', () => {
    for (const kind of KINDS)
      assert.ok(
        cases.some((c) => c.kind === kind),
        `no golden of kind ${kind}`,
      );
    assert.ok(cases.length >= 300, `only ${cases.length} cases read`);
  });
  // `a += b;` in the setup: a C++ assignment, a new binding of the name from the next statement on (counted on its own)
  const compound = (c: GoldenCase) => (c.setup ?? []).some((l) => /^\s*\w+\s*[-+*/]=/.test(l));
  for (const kind of KINDS) {
    const list = cases.filter((c) => c.kind === kind && !compound(c));
    test(`${kind}: ${list.length} cases evaluate exactly`, () => {
      const failures: string[] = [];
      for (const c of list) {
        const { got, errors } = evaluateCase(c);
        if (errors.length || !sameAs(got, c.expect))
          failures.push(`${c.id}: ${c.expr}\n   expected ${JSON.stringify(c.expect)}\n   got      ${JSON.stringify(got)} ${errors.join('; ')}`);
      }
      assert.equal(failures.length, 0, `${failures.length}/${list.length} ${kind} cases differ:\n${failures.slice(0, 10).join('\n')}`);
    });
  }
  const waiting = cases.filter(compound);
  test(`${waiting.length} cases with a compound assignment (a += b;) evaluate exactly`, () => {
    const failures = waiting.filter((c) => {
      const { got, errors } = evaluateCase(c);
      return errors.length || !sameAs(got, c.expect);
    });
    assert.equal(failures.length, 0, failures.map((c) => c.id).join(', '));
  });
});
