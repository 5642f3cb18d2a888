// The big fuzz run: the properties of test/fuzz/properties.ts (the same ones npm test
// checks at a modest count) over 100,000 inputs in total, within a time bound.
//
//   node scripts/fuzz.mjs                       100,000 inputs, 30 min at most, random seed
//   node scripts/fuzz.mjs --runs 20000 --time 300
//   node scripts/fuzz.mjs --seed 1234           the same inputs again
//   node scripts/fuzz.mjs --only program --seed 99 --path "12:3:0"   replay one failure
//   node scripts/fuzz.mjs --only cpp,cpp-lsp --runs 2000   the C++ campaign alone (../shared/corpus)
//
// Needs dist/server.js for the LSP property (npm run build). The TypeScript module is
// bundled with esbuild into out/fuzz/ (git-ignored). Prints the seed, the inputs and
// time per property, every distinct failure with the command that replays it, and
// writes out/fuzz/report.json. Exits 1 when any property failed, 2 on a bad command line.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.join(root, 'out', 'fuzz');

// ------------------------------------------------------------------ command line

const USAGE = `usage: node scripts/fuzz.mjs [--runs N] [--time SECONDS] [--seed S] [--only NAME[,NAME…]] [--path P] [--max-failures K] [--no-lsp]
  --runs N          inputs in total, shared by the properties' weights (default 100000)
  --time SECONDS    time bound for the whole run (default 1800)
  --seed S          master seed (default: random); the same seed gives the same inputs
  --only NAMES      run only these properties (comma-separated)
  --path P          with --only NAME and --seed S: replay the failure fast-check reported
  --max-failures K  distinct failures per property that are shrunk (default 10; later ones are listed unshrunk)
  --no-lsp          skip the LSP property (no dist/server.js needed)`;

function parseArgs(argv) {
  const o = { runs: 100_000, time: 1800, seed: undefined, only: undefined, path: undefined, maxFailures: 10, lsp: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const int = (v) => {
      if (!/^-?\d+$/.test(v)) throw new Error(`${a} needs an integer, not '${v}'`);
      return Number(v);
    };
    if (a === '--runs') o.runs = int(next());
    else if (a === '--time') o.time = int(next());
    else if (a === '--seed') o.seed = int(next()) | 0;
    else if (a === '--only') o.only = next().split(',').filter(Boolean);
    else if (a === '--path') o.path = next();
    else if (a === '--max-failures') o.maxFailures = int(next());
    else if (a === '--no-lsp') o.lsp = false;
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  if (o.path && (!o.only || o.only.length !== 1 || o.seed === undefined)) throw new Error('--path needs --only NAME (one property) and --seed S');
  return o;
}

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(`fuzz: ${e.message}\n\n${USAGE}`);
  process.exit(2);
}

// ------------------------------------------------------------------ bundle the properties

mkdirSync(outDir, { recursive: true });
const bundle = path.join(outDir, 'properties.cjs');
await esbuild.build({
  // the .tla properties and the C++ campaign (test/fuzz/cppFuzz.ts) in one bundle
  stdin: {
    contents: "export * from './test/fuzz/properties';\nexport * from './test/fuzz/cppFuzz';\nexport * from './test/fuzz/workspaceFuzz';\n",
    resolveDir: root,
    sourcefile: 'fuzz-entry.ts',
    loader: 'ts',
  },
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'warning',
  absWorkingDir: root,
});
const require = createRequire(import.meta.url);
const P = require(bundle);
const fc = require('fast-check');

const all = [
  ...P.PROPERTIES,
  ...P.CPP_PROPERTIES,
  ...(opts.lsp
    ? [
        { ...P.LSP_PROPERTY, lsp: 'tla' },
        { ...P.CPP_LSP_PROPERTY, lsp: 'cpp' },
        // the workspace family needs the corpus's headers (../shared/corpus/catlass/include)
        ...(P.workspaceCorpus().length ? [{ ...P.WORKSPACE_PROPERTY, lsp: 'workspace' }] : []),
      ]
    : []),
];
if (opts.lsp && !P.workspaceCorpus().length)
  console.log(`fuzz: the workspace family is skipped: ${path.relative(root, P.WORKSPACE_CORPUS)} is absent`);
for (const n of opts.only ?? []) {
  if (!all.some((p) => p.name === n)) {
    console.error(`fuzz: no property '${n}'; there are ${all.map((p) => p.name).join(', ')}`);
    process.exit(2);
  }
}
const chosen = opts.only ? all.filter((p) => opts.only.includes(p.name)) : all;
if (chosen.some((p) => p.lsp) && !existsSync(path.join(root, 'dist', 'server.js'))) {
  console.error('fuzz: dist/server.js is missing: run `npm run build` first (or pass --no-lsp)');
  process.exit(2);
}

// the LSP property compares dist/server.js with the sources: a stale build is a false failure
if (chosen.some((p) => p.lsp)) {
  const newest = (dir) => {
    let t = 0;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      t = Math.max(t, e.isDirectory() ? newest(f) : statSync(f).mtimeMs);
    }
    return t;
  };
  if (statSync(path.join(root, 'dist', 'server.js')).mtimeMs < newest(path.join(root, 'server', 'src'))) {
    console.warn('fuzz: warning: dist/server.js is older than server/src: the lsp property may report the difference (npm run fuzz builds first)');
  }
}

const masterSeed = opts.seed ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
const shortJson = (s, n = 300) => (s.length > n ? s.slice(0, n) + '…' : s);
const fmtMs = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(0)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);

// ------------------------------------------------------------------ one property

/** The fast-check property, timed input by input. */
function timedProperty(p, fuzzer, stats) {
  const track = (t0, input) => {
    const dt = performance.now() - t0;
    if (dt > stats.slowestMs) {
      stats.slowestMs = dt;
      stats.slowest = input;
    }
  };
  if (p.lsp) {
    return fc.asyncProperty(fuzzer.arbitrary, async (input) => {
      const t0 = performance.now();
      try {
        await fuzzer.predicate(input);
      } finally {
        track(t0, input);
      }
    });
  }
  return fc.property(p.arbitrary, (input) => {
    const t0 = performance.now();
    try {
      p.check(input);
    } finally {
      track(t0, input);
    }
  });
}

async function runProperty(p, quota, timeMs, index) {
  const stats = { name: p.name, asserts: p.asserts, quota, runs: 0, ms: 0, slowestMs: 0, slowest: undefined, failures: [], interrupted: false };
  let fuzzer;
  if (p.lsp === 'workspace') {
    const lsp = await P.startWorkspaceFuzzer();
    fuzzer = { lsp, arbitrary: P.workspaceSession, predicate: lsp.predicate };
  } else if (p.lsp === 'cpp') {
    const lsp = await P.startCppLspFuzzer();
    fuzzer = { lsp, arbitrary: P.cppSession, predicate: lsp.predicate };
  } else if (p.lsp) {
    const lsp = await P.startLspFuzzer();
    fuzzer = { lsp, arbitrary: P.editSession, predicate: lsp.predicate };
  }
  const property = timedProperty(p, fuzzer, stats);
  const start = performance.now();
  let attempt = 0;
  try {
    while (stats.runs < quota) {
      const left = timeMs - (performance.now() - start);
      if (left <= 0) {
        stats.interrupted = true;
        break;
      }
      const seed = opts.path ? masterSeed : (masterSeed + index * 7919 + attempt * 104_729) | 0;
      attempt++;
      const params = {
        numRuns: opts.path ? 1 : quota - stats.runs,
        seed,
        interruptAfterTimeLimit: Math.max(1, Math.floor(left)),
        markInterruptAsFailure: false,
        // no shrinking here: a failure of a kind already seen costs one input, not a shrink
        endOnFailure: !opts.path,
        ...(opts.path ? { path: opts.path } : {}),
      };
      const d = await fc.check(property, params);
      stats.runs += d.numRuns;
      // fast-check counts an interrupt before the first input completed as a failure, with no input to show: the time ran out
      if (d.interrupted && (!d.failed || d.counterexamplePath === null)) {
        stats.interrupted = true;
        break;
      }
      if (!d.failed) break;
      const kindOf = (err) => (err && err.kind ? err.kind : String(err && err.message ? err.message : err).slice(0, 120));
      const known = stats.failures.find((f) => f.kind === kindOf(d.errorInstance) || f.firstKind === kindOf(d.errorInstance));
      if (known) known.seen++;
      else {
        // a new kind of failure: replay it with shrinking, from the input that failed
        const s =
          opts.path || stats.failures.length >= opts.maxFailures
            ? d
            : await fc.check(property, {
                seed: d.seed,
                path: d.counterexamplePath,
                numRuns: 1,
                interruptAfterTimeLimit: 60_000,
                markInterruptAsFailure: false,
              });
        const shrunk = s.failed ? s : d;
        const err = shrunk.errorInstance;
        stats.failures.push({
          kind: kindOf(err),
          firstKind: kindOf(d.errorInstance),
          message: err && err.message ? err.message : String(err),
          counterexample: fc.stringify(shrunk.counterexample),
          seed: shrunk.seed,
          path: shrunk.counterexamplePath,
          shrinks: shrunk.numShrinks,
          seen: 1,
          replay: `node scripts/fuzz.mjs --only ${p.name} --seed ${shrunk.seed} --path "${shrunk.counterexamplePath}"`,
        });
      }
      if (opts.path) break;
      // keep going with the next seed: the other inputs still count, other failures still show
    }
  } finally {
    if (fuzzer) await fuzzer.lsp.close();
    stats.ms = performance.now() - start;
    if (fuzzer) stats.serverStarts = fuzzer.lsp.starts;
  }
  return stats;
}

// ------------------------------------------------------------------ the run

const totalWeight = chosen.reduce((s, p) => s + p.weight, 0);
const quotas = chosen.map((p) => (opts.path ? 1 : Math.max(1, Math.round((opts.runs * p.weight) / totalWeight))));
console.log(
  `fuzz: seed ${masterSeed}  (replay this run: node scripts/fuzz.mjs --seed ${masterSeed}${opts.runs !== 100_000 ? ` --runs ${opts.runs}` : ''}${opts.only ? ` --only ${opts.only.join(',')}` : ''})`,
);
console.log(`fuzz: ${quotas.reduce((a, b) => a + b, 0)} inputs over ${chosen.length} properties, time bound ${opts.time} s`);
if (chosen.some((p) => p.name.startsWith('cpp'))) {
  console.log(
    `fuzz: C++ campaign over ${P.cppCorpus().length} files (${existsSync(P.CORPUS_DIR) ? path.relative(root, P.CORPUS_DIR) : `the examples: ${path.relative(root, P.CORPUS_DIR)} is absent`})`,
  );
}
console.log('');

const t0 = performance.now();
const results = [];
for (let i = 0; i < chosen.length; i++) {
  const p = chosen[i];
  // share the time that is left by expected cost, so a slow property cannot starve the rest
  const left = opts.time * 1000 - (performance.now() - t0);
  const cost = (j) => quotas[j] * chosen[j].costMs;
  let restCost = 0;
  for (let j = i; j < chosen.length; j++) restCost += cost(j);
  const timeMs = Math.max(1000, (left * cost(i)) / restCost);
  process.stdout.write(`  ${p.name.padEnd(18)} ${String(quotas[i]).padStart(6)} inputs … `);
  const r = await runProperty(p, quotas[i], timeMs, i);
  results.push(r);
  console.log(
    `${String(r.runs).padStart(6)} run in ${fmtMs(r.ms).padStart(6)}${r.interrupted ? ' (time share used up)' : ''}, ${r.failures.length ? `${r.failures.reduce((n, f) => n + f.seen, 0)} failing input(s)` : 'no failure'}`,
  );
}
const totalMs = performance.now() - t0;
const totalRuns = results.reduce((s, r) => s + r.runs, 0);
// failures whose shrunk counterexamples fail the same way are one failure
const failures = [];
for (const r of results) {
  for (const f of r.failures) {
    const same = failures.find((g) => g.property === r.name && g.kind === f.kind);
    if (same) {
      same.seen += f.seen;
      if (f.counterexample.length < same.counterexample.length) Object.assign(same, { ...f, seen: same.seen });
    } else failures.push({ property: r.name, ...f });
  }
}
for (const r of results) r.distinct = failures.filter((f) => f.property === r.name).length;

console.log('\n| property | inputs | time | slowest input | failing inputs | distinct failures |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of results)
  console.log(`| ${r.name} | ${r.runs} | ${fmtMs(r.ms)} | ${fmtMs(r.slowestMs)} | ${r.failures.reduce((n, f) => n + f.seen, 0)} | ${r.distinct} |`);
const failing = failures.reduce((n, f) => n + f.seen, 0);
console.log(`| **total** | **${totalRuns}** | **${fmtMs(totalMs)}** | | **${failing}** | **${failures.length}** |`);
console.log(`\nfuzz: seed ${masterSeed}, ${totalRuns} inputs in ${fmtMs(totalMs)}`);

for (const f of failures) {
  console.log(`\n✗ [${f.property}] ${f.kind}  (failed ${f.seen} input${f.seen > 1 ? 's' : ''})`);
  console.log(`    ${shortJson(f.message, 600).replace(/\n/g, '\n    ')}`);
  console.log(`    counterexample (after ${f.shrinks} shrinks): ${shortJson(f.counterexample, 600)}`);
  console.log(`    replay: ${f.replay}`);
}

mkdirSync(outDir, { recursive: true }); // a build in between may have emptied out/
writeFileSync(
  path.join(outDir, 'report.json'),
  JSON.stringify(
    {
      seed: masterSeed,
      runs: totalRuns,
      ms: Math.round(totalMs),
      options: opts,
      properties: results.map((r) => ({
        ...r,
        slowest: r.slowest === undefined ? undefined : shortJson(fc.stringify(r.slowest), 400),
        ms: Math.round(r.ms),
        slowestMs: Math.round(r.slowestMs),
      })),
    },
    null,
    2,
  ),
);
console.log(`\nfuzz: report in ${path.relative(root, path.join(outDir, 'report.json'))}`);
if (failures.length) {
  console.log(`fuzz: FAILED — ${failures.length} distinct failure(s)`);
  process.exit(1);
}
if (totalRuns < quotas.reduce((a, b) => a + b, 0)) console.log('fuzz: the time bound cut the run short; no failure in what ran');
process.exit(0);
