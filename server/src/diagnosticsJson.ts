// The bytes of the messages that carry diagnostics, written for `--stdio`: each diagnostic's
// UTF-8 JSON is kept by its object, and a statement that did not change keeps its converted
// diagnostic objects (features/diagnostics.ts), so a version of a document with 3,000
// diagnostics is mostly a copy of bytes made before, where JSON.stringify of the whole
// message (and its encoding to UTF-8) would write all of them again for every version.
// (Kept as bytes rather than strings: a string of 3,000 pieces is flattened and encoded
// again at every version, 3.5 ms for 800 kB against 0.7 ms to copy the bytes.)
import type { ContentTypeEncoder, Diagnostic, Message } from 'vscode-languageserver/node';

const JSON_OF = new WeakMap<Diagnostic, Buffer>();

function jsonOf(d: Diagnostic): Buffer {
  let b = JSON_OF.get(d);
  if (b === undefined) {
    b = Buffer.from(JSON.stringify(d), 'utf8');
    JSON_OF.set(d, b);
  }
  return b;
}

const COMMA = Buffer.from(',');

/**
 * `holder[key]` is the message's list of diagnostics, its last field, in the last field of the
 * message: the message is written with an empty list there, and the list is put in its place.
 */
function withList(msg: object, holder: Record<string, unknown>, key: string, path: 'params' | 'result'): Buffer {
  const list = holder[key] as Diagnostic[];
  const rest = { ...holder };
  delete rest[key];
  const head = JSON.stringify({ ...msg, [path]: { ...rest, [key]: [] } });
  // (the head ends `"<key>":[]}}`: the list and the field after it are the last two)
  const parts: Buffer[] = [Buffer.from(head.slice(0, head.length - 3), 'utf8')];
  let length = parts[0].length;
  for (let i = 0; i < list.length; i++) {
    const b = jsonOf(list[i]);
    if (i) parts.push(COMMA);
    parts.push(b);
    length += b.length + (i ? 1 : 0);
  }
  parts.push(Buffer.from(']}}'));
  return Buffer.concat(parts, length + 3);
}

/** The message as UTF-8 JSON: the bytes of JSON.stringify's text, with the diagnostics copied from the cache. */
export function messageBytes(msg: Message): Buffer {
  const m = msg as { method?: string; params?: Record<string, unknown>; result?: Record<string, unknown> };
  if (m.method === 'textDocument/publishDiagnostics' && m.params && Array.isArray(m.params.diagnostics))
    return withList(msg, m.params, 'diagnostics', 'params');
  if (m.result && typeof m.result === 'object' && m.result.kind === 'full' && Array.isArray(m.result.items) && 'id' in m)
    return withList(msg, m.result, 'items', 'result');
  return Buffer.from(JSON.stringify(msg), 'utf8');
}

/** The stdio writer's encoder (the library's own is JSON.stringify of every message); another charset than UTF-8 is not cached. */
export const DIAGNOSTICS_JSON: ContentTypeEncoder = {
  name: 'application/json',
  encode: (msg, options) => {
    try {
      const utf8 = /^utf-?8$/i.test(options.charset);
      return Promise.resolve(utf8 ? messageBytes(msg) : Buffer.from(JSON.stringify(msg), options.charset));
    } catch (err) {
      return Promise.reject(err);
    }
  },
};
