// What the workspace's Catlass headers say about a `.tla` scratchpad's statement (issue 21,
// item 7, through the workspace index of issue 23): a scratchpad that #includes a Catlass header
// has its `using X = …;`, `constexpr … X = …;` and `auto X = …;` resolved by the template resolver
// over the header index, once per version of the document and of the index.
import { HeaderIndex, ScratchResult, evaluateScratch, headerNameUnder, outcomeFields } from '../language';
import type { AnalysedDocument } from '../documents';

/** The index the workspace keeps, its include roots, and a number that changes whenever its content does. */
export interface WorkspaceHeaders {
  index: HeaderIndex;
  roots: readonly string[];
  generation: number;
}

const INCLUDES_CATLASS = /^[ \t]*#[ \t]*include[ \t]*["<](catlass|tla)\//m;
/** The last few scratchpads' results (a hover after each keystroke asks the same version again). */
const cache = new Map<string, { version: number; generation: number; result: ScratchResult }>();
const CACHE_SIZE = 8;

function scratchOf(doc: AnalysedDocument, headers: WorkspaceHeaders, arch: 2201 | 3510): ScratchResult | undefined {
  if (doc.kind === 'cpp' || !headers.roots.length || !headers.index.fileCount) return undefined;
  const text = doc.text;
  if (!INCLUDES_CATLASS.test(text)) return undefined;
  const hit = cache.get(doc.uri);
  if (hit && hit.version === doc.version && hit.generation === headers.generation) return hit.result;
  const root = headers.roots[0];
  const result = evaluateScratch(text, headers.index, headerNameUnder(root), arch, root);
  cache.delete(doc.uri);
  cache.set(doc.uri, { version: doc.version, generation: headers.generation, result });
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return result;
}

/** The headers' word on the statement at the offset, as markdown; undefined where they say nothing. */
export function headerValueAt(doc: AnalysedDocument, offset: number, headers: WorkspaceHeaders | undefined, arch: 2201 | 3510): string | undefined {
  if (!headers) return undefined;
  const r = scratchOf(doc, headers, arch);
  if (!r) return undefined;
  for (const s of r.resolved.values()) {
    if (offset < s.start || offset > s.end) continue;
    const o = s.outcome;
    if ('unknown' in o) return `**${s.name}** from the Catlass headers: ‹?› (${o.unknown})`;
    if ('error' in o) return `**${s.name}**: static_assert failed: ${o.error.text} (${o.error.header}:${o.error.line})`;
    const fields = Object.entries(outcomeFields(o) ?? {})
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => `${k}: \`${typeof v === 'string' ? v : JSON.stringify(v)}\``);
    return `**${s.name}** from the Catlass headers — ${fields.join(', ')}`;
  }
  return undefined;
}
