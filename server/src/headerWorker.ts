// The worker thread that parses Catlass headers for the workspace index (headerFacts of a
// text): parsing one header takes up to ~100 ms (a 97 kB header at a load of 10), which on the
// main thread is a hover waiting that long. The worker runs at the lowest priority (Linux's nice
// is per thread), so the main thread answering the editor goes first.
import * as os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { headerFacts } from './language';

try {
  os.setPriority(19);
} catch {
  /* not allowed here: the default priority */
}
parentPort?.on('message', (m: { id: number; text: string }) => {
  try {
    parentPort!.postMessage({ id: m.id, facts: headerFacts(m.text) });
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: (e as Error).message });
  }
});
