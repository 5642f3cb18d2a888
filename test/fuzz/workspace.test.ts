// The workspace fuzz family at a modest count (npm run fuzz runs it at length): random trees of
// the corpus's headers, mutated and churned, through dist/server.js (test/fuzz/workspaceFuzz.ts).
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { WORKSPACE_CORPUS, WORKSPACE_PROPERTY, WorkspaceFuzzer, startWorkspaceFuzzer, workspaceCorpus } from './workspaceFuzz';

const present = workspaceCorpus().length > 0;
let fuzzer: WorkspaceFuzzer | undefined;
before(async () => {
  if (present) fuzzer = await startWorkspaceFuzzer();
});
after(async () => fuzzer?.close());

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

test(`workspace: ${WORKSPACE_PROPERTY.asserts}`, { skip: present ? false : `${WORKSPACE_CORPUS} is absent` }, async () => {
  await fc.assert(fuzzer!.property, { numRuns: 2, seed, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: false });
});
