// The worker thread that parses Catlass headers for the workspace index (headerFacts of a
// text), and resolves a header's instantiation sites over its own copy of that index: parsing one
// header takes up to ~100 ms (a 97 kB header at a load of 10), resolving one site 30 ms – 2.3 s,
// which on the main thread is a hover waiting that long. The worker runs at the lowest priority
// (Linux's nice is per thread), so the main thread answering the editor goes first. It sends a
// header's name summary and its facts serialized into a buffer it hands over (transferred, not
// copied): the main thread decodes a header's facts only when a lookup reaches it (see
// HeaderIndex.setEncodedFacts). It keeps a copy of the buffer, put in its own index when the main
// thread puts the facts in the main one (`commit`), and takes a header out when the main thread
// does (`remove`): the messages come in the order the main thread sends them, so a resolution
// reads the index the main thread held when it asked.
import * as os from 'node:os';
import { deserialize, serialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { FactsSummary, HeaderFacts, HeaderIndex, headerFacts, summarizeFacts } from './language';
import { JobCache, SiteJob, resolveJob } from './templateInstances';

try {
  os.setPriority(19);
} catch {
  /* not allowed here: the default priority */
}

/** What the main thread asks. */
export type ToHeaderWorker =
  { id: number; text: string; path: string } | { commit: number; path: string } | { remove: string } | { id: number; resolve: SiteJob };

const index = new HeaderIndex();
/** Per header: its latest parse, not yet in the index (the main thread commits it, or a later parse replaces it). */
const parsed = new Map<string, { id: number; summary: FactsSummary; bytes: Uint8Array }>();
const cache: JobCache = { generation: -1, calls: new Map() };

function parse(m: { id: number; text: string; path: string }): void {
  const facts = headerFacts(m.text);
  const buf = serialize(facts);
  const summary = summarizeFacts(facts);
  parsed.set(m.path, { id: m.id, summary, bytes: buf });
  // a copy of the bytes is handed over (the worker's own stay for its index)
  const bytes = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
  parentPort!.postMessage({ id: m.id, summary, bytes }, [bytes as ArrayBuffer]);
}

function commit(m: { commit: number; path: string }): void {
  const p = parsed.get(m.path);
  if (p?.id !== m.commit) return;
  parsed.delete(m.path);
  const bytes = p.bytes;
  index.setEncodedFacts(m.path, { summary: p.summary, decode: () => deserialize(bytes) as HeaderFacts });
}

parentPort?.on('message', (m: ToHeaderWorker) => {
  if ('commit' in m) return commit(m);
  if ('remove' in m) {
    parsed.delete(m.remove);
    return index.removeFile(m.remove);
  }
  try {
    if ('resolve' in m) parentPort!.postMessage({ id: m.id, outcome: resolveJob(m.resolve, index, cache) });
    else parse(m);
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: (e as Error).message });
  }
});
