// The workspace fuzz family at a modest count (npm run fuzz runs it at length): random trees of
// the corpus's headers, mutated and churned, through dist/server.js (test/fuzz/workspaceFuzz.ts).
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { WORKSPACE_CORPUS, WORKSPACE_PROPERTY, WorkspaceFuzzer, smallWorkspaceSession, startWorkspaceFuzzer, workspaceCorpus } from './workspaceFuzz';

const present = workspaceCorpus().length > 0;
let fuzzer: WorkspaceFuzzer | undefined;
before(async () => {
  if (present) fuzzer = await startWorkspaceFuzzer();
});
after(async () => fuzzer?.close());

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

test(`workspace: ${WORKSPACE_PROPERTY.asserts}`, { skip: present ? false : `${WORKSPACE_CORPUS} is absent` }, async () => {
  // a session that hangs fails inside (no answer within 30 s, an index that never settles within 20 s); the time limit is for a slow machine
  await fc.assert(fc.asyncProperty(smallWorkspaceSession, fuzzer!.predicate), {
    numRuns: 2,
    seed,
    interruptAfterTimeLimit: 150_000,
    markInterruptAsFailure: false,
  });
});
