// The C++ fuzz campaign at a modest count (scripts/fuzz.mjs runs it at a large one): real
// kernels from ../shared/corpus (the examples when it is absent) mutated and retyped.
// A failure prints fast-check's seed and path: replay it with
//   FUZZ_SEED=<seed> npm test     or   node scripts/fuzz.mjs --only cpp --seed S --path P
import { after, before, test } from 'node:test';
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { CORPUS_DIR, CPP_LSP_PROPERTY, CPP_PROPERTIES, CppLspFuzzer, cppCorpus, startCppLspFuzzer } from './cppFuzz';

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const where = existsSync(CORPUS_DIR) ? `${cppCorpus().length} corpus files` : `the examples (${CORPUS_DIR} is absent)`;

for (const p of CPP_PROPERTIES) {
  test(`${p.name} over ${where}: ${p.asserts}`, () => {
    fc.assert(
      fc.property(p.arbitrary, (s) => p.check(s)),
      { numRuns: 15, seed, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: false },
    );
  });
}

let fuzzer: CppLspFuzzer;
before(async () => {
  fuzzer = await startCppLspFuzzer();
});
after(async () => fuzzer.close());

test(`${CPP_LSP_PROPERTY.name} over ${where}: ${CPP_LSP_PROPERTY.asserts}`, async () => {
  await fc.assert(fuzzer.property, { numRuns: 4, seed, interruptAfterTimeLimit: 30_000, markInterruptAsFailure: false });
});
