// Random edit sequences through the LSP document sync of dist/server.js (incremental
// didChange with ranges, several changes per notification, full replacements): the
// server stays up, answers every request, and agrees with a local analysis.
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { LSP_PROPERTY, LspFuzzer, startLspFuzzer } from './properties';

let fuzzer: LspFuzzer;
before(async () => {
  fuzzer = await startLspFuzzer();
});
after(async () => fuzzer.close());

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

test(`lsp: ${LSP_PROPERTY.asserts}`, async () => {
  await fc.assert(fuzzer.property, { numRuns: 25, seed, interruptAfterTimeLimit: 8_000, markInterruptAsFailure: false });
});
