// The JSON of the messages that carry diagnostics, written for `--stdio`: each diagnostic's
// JSON is kept by its object, and a statement that did not change keeps its converted
// diagnostic objects (features/diagnostics.ts), so a version of a document with 3,000
// diagnostics is mostly the concatenation of strings made before, where JSON.stringify of
// the whole message would write all of them again for every version.
import type { ContentTypeEncoder, Diagnostic, Message } from 'vscode-languageserver/node';

const JSON_OF = new WeakMap<Diagnostic, string>();

function jsonOf(d: Diagnostic): string {
  let s = JSON_OF.get(d);
  if (s === undefined) {
    s = JSON.stringify(d);
    JSON_OF.set(d, s);
  }
  return s;
}

/** A list written as JSON.stringify writes it, each element from the cache. */
function listJson(list: Diagnostic[]): string {
  let s = '[';
  for (let i = 0; i < list.length; i++) s += (i ? ',' : '') + jsonOf(list[i]);
  return s + ']';
}

/**
 * `holder[key]` is the message's list of diagnostics, its last field, in the last field of the
 * message: the message is written with an empty list there, and the list is put in its place.
 */
function withList(msg: object, holder: Record<string, unknown>, key: string, path: 'params' | 'result'): string {
  const list = holder[key] as Diagnostic[];
  const rest = { ...holder };
  delete rest[key];
  const head = JSON.stringify({ ...msg, [path]: { ...rest, [key]: [] } });
  // (the head ends `"<key>":[]}}`: the list and the field after it are the last two)
  return head.slice(0, head.length - 4) + listJson(list) + '}}';
}

/** The message as JSON: JSON.stringify's text, with the diagnostics written from the cache. */
export function messageJson(msg: Message): string {
  const m = msg as { method?: string; params?: Record<string, unknown>; result?: Record<string, unknown> };
  if (m.method === 'textDocument/publishDiagnostics' && m.params && Array.isArray(m.params.diagnostics))
    return withList(msg, m.params, 'diagnostics', 'params');
  if (m.result && typeof m.result === 'object' && m.result.kind === 'full' && Array.isArray(m.result.items) && 'id' in m)
    return withList(msg, m.result, 'items', 'result');
  return JSON.stringify(msg);
}

/** The stdio writer's encoder (the library's own is JSON.stringify of every message). */
export const DIAGNOSTICS_JSON: ContentTypeEncoder = {
  name: 'application/json',
  encode: (msg, options) => {
    try {
      return Promise.resolve(Buffer.from(messageJson(msg), options.charset));
    } catch (err) {
      return Promise.reject(err);
    }
  },
};
