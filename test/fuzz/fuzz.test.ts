// The robustness properties at a modest count (scripts/fuzz.mjs runs them at 100,000
// inputs). A failure prints fast-check's seed and path: replay it with
//   FUZZ_SEED=<seed> npm test        or   node scripts/fuzz.mjs --only NAME --seed S --path P
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { PROPERTIES, toProperty } from './properties';

/** Inputs per property in npm test: enough to catch a regression, small enough to stay fast. */
const RUNS: Record<string, number> = {
  soup: 300,
  program: 150,
  mutation: 300,
  value: 300,
  features: 100,
  'features-examples': 12,
  parsers: 150,
  incremental: 25,
};

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

describe('fuzz: properties at a modest count', () => {
  for (const p of PROPERTIES) {
    test(`${p.name}: ${p.asserts}`, () => {
      fc.assert(toProperty(p), { numRuns: RUNS[p.name] ?? 100, seed, interruptAfterTimeLimit: 5_000, markInterruptAsFailure: false });
    });
  }
});
