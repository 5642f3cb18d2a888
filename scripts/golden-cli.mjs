// The inst and v3 tile_copy goldens through the CLI exactly as the goldens README's contract
// says (`tla-layout eval --json --include DIR FILE.tla`, one process a case), so that a held-out
// set is measured the way it will be run. Usage (after `npm run build`):
//   node scripts/golden-cli.mjs [--include DIR] [--jobs N] [FILE.jsonl…]
// Default files: test/fixtures/golden/catlass-inst-1.jsonl and catlass-v3-1.jsonl (their kinds
// `instance` and `tile_copy`); default include: ../shared/corpus/catlass/include. Prints
// `PASS/ALL` and each failing case with what it wanted and what the CLI said; exit 1 on a failure.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { V3_INCLUDES } from './golden-includes.mjs';

const run = promisify(execFile);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, v] = args.splice(i, 2);
  return v;
};
const include = option('--include', path.join(root, '..', 'shared', 'corpus', 'catlass', 'include'));
const jobs = Number(option('--jobs', '2'));
const files = args.length ? args : ['catlass-inst-1.jsonl', 'catlass-v3-1.jsonl'].map((f) => path.join(root, 'test', 'fixtures', 'golden', f));

const cases = files
  .flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
  )
  .filter((c) => c.kind === 'instance' || c.kind === 'tile_copy');

/** The case's `.tla` text (README: includes, `using namespace tla;`, the arch, the setup, then `r`). */
function caseText(c) {
  const includes = c.kind === 'tile_copy' ? V3_INCLUDES : (c.includes ?? []);
  const last = c.kind === 'tile_copy' || c.query === 'value' ? `auto r = ${c.expr};` : `using r = ${c.expr};`;
  return (
    [
      ...includes.map((i) => `#include "${i}"`),
      'using namespace tla;',
      ...(c.arch ? [`#define CATLASS_ARCH ${c.arch}`] : []),
      ...(c.setup ?? []),
      last,
    ].join('\n') + '\n'
  );
}

const squeeze = (s) => (typeof s === 'string' ? s.replace(/\s+/g, '') : s);
/** The README's check: every expected key equal (white space ignored); an error: no value for r and an error diagnostic containing it. */
function matches(value, errors, want) {
  if (want.error !== undefined) return !value && errors.some((m) => m.includes(want.error));
  if (!value) return false;
  return Object.keys(want).every((k) => (k === 'copy' && want.copy === null) || squeeze(String(value[k])) === squeeze(want[k]));
}

const dir = mkdtempSync(path.join(tmpdir(), 'golden-cli-'));
const failing = [];
let next = 0;
async function worker() {
  while (next < cases.length) {
    const c = cases[next++];
    const file = path.join(dir, `${c.id}.tla`);
    writeFileSync(file, caseText(c));
    let out;
    try {
      out = (await run(process.execPath, [path.join(root, 'dist', 'cli.js'), 'eval', '--json', '--include', include, file], { maxBuffer: 1e8 }))
        .stdout;
    } catch (e) {
      out = e.stdout; // exit 1: the file has an error diagnostic (a case expecting one)
    }
    let said;
    let ok = false;
    try {
      const j = JSON.parse(out);
      const r = j.statements.find((s) => s.name === 'r');
      const errors = j.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
      ok = matches(r?.value, errors, c.expect);
      said = `${JSON.stringify(r?.value ?? null)} ${JSON.stringify(errors)}`;
    } catch {
      said = `not JSON: ${String(out).slice(0, 200)}`;
    }
    if (!ok) failing.push(`${c.id}: want ${JSON.stringify(c.expect)}, got ${said}`);
  }
}
await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
rmSync(dir, { recursive: true, force: true });
console.log(`${cases.length - failing.length}/${cases.length} through eval --json --include ${include}`);
for (const f of failing) console.log(`FAIL ${f}`);
process.exit(failing.length ? 1 : 0);
