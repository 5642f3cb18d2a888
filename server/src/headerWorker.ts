// The worker thread that parses Catlass headers for the workspace index (headerFacts of a
// text): parsing one header takes up to ~100 ms (a 97 kB header at a load of 10), which on the
// main thread is a hover waiting that long. The worker runs at the lowest priority (Linux's nice
// is per thread), so the main thread answering the editor goes first. It sends a header's name
// summary and its facts serialized into a buffer it hands over (transferred, not copied): the main
// thread decodes a header's facts only when a lookup reaches it (see HeaderIndex.setEncodedFacts).
import * as os from 'node:os';
import { serialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { headerFacts, summarizeFacts } from './language';

try {
  os.setPriority(19);
} catch {
  /* not allowed here: the default priority */
}
parentPort?.on('message', (m: { id: number; text: string }) => {
  try {
    const facts = headerFacts(m.text);
    const buf = serialize(facts);
    // the buffer's own memory when it is all of it (else a copy of its bytes): that is what is handed over
    const bytes =
      buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength
        ? buf.buffer
        : buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
    parentPort!.postMessage({ id: m.id, summary: summarizeFacts(facts), bytes }, [bytes as ArrayBuffer]);
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: (e as Error).message });
  }
});
