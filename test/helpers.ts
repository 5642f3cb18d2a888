// Shared by the tests: where the project and the goldens are.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'server'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('project root not found above ' + start);
    dir = up;
  }
  return dir;
}

export const ROOT = findRoot(__dirname);
/** Ground truth computed by the real Catlass headers; never edited. The project keeps its own
 * copy so that a bare clone tests itself; test/core/fixtures.test.ts checks that it equals
 * ../shared/golden wherever that folder exists. */
export const GOLDEN_DIR = path.join(ROOT, 'test', 'fixtures', 'golden');
/** The shared corpus and goldens beside the checkout (present on CI, absent in a bare clone). */
export const SHARED_DIR = path.resolve(ROOT, '../shared');

export interface GoldenCase {
  id: string;
  kind: string;
  expr: string;
  why?: string;
  /** v2: statements before `auto r = EXPR;`, the arch (3510 or absent for 2201), the predicates asked. */
  setup?: string[];
  arch?: number;
  element?: string;
  predicates?: string[];
  expect: {
    value?: string;
    shape?: string;
    stride?: string;
    originShape?: string;
    error?: string;
    coord?: string;
    offset?: string;
    position?: string;
    element?: string;
    kinds?: string[];
  };
}

/** A v2 case as one document: `#define CATLASS_ARCH` when it has an arch, its setup, then `auto r = EXPR;`. */
export function caseDocument(c: GoldenCase, last = `auto r = ${c.expr};`): { text: string; exprStart: number } {
  const head = [...(c.arch ? [`#define CATLASS_ARCH ${c.arch}`] : []), ...(c.setup ?? [])].join('\n');
  const text = head ? `${head}\n${last}` : last;
  return { text, exprStart: text.length - last.length };
}

export function readGolden(file: string): GoldenCase[] {
  return readFileSync(path.join(GOLDEN_DIR, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as GoldenCase);
}

export const GOLDEN_FILES = ['catlass-1.jsonl', 'catlass-2.jsonl', 'catlass-edge.jsonl'];
