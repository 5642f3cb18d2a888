// `#include "catlass/…"` as the compiler finds it: under the include directory, or beside the
// including header; the headers a file reaches are indexed (each once).
import { HeaderIndex, conditionHolds } from './headerIndex';

/** Reads a file's text, or undefined when it is not there (the caller owns the file system). */
export type ReadFile = (path: string) => string | undefined;

const join = (dir: string, rel: string) => normalize(`${dir.replace(/\/+$/, '')}/${rel}`);

function normalize(p: string): string {
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '..' && out.length && out[out.length - 1] !== '..' && out[out.length - 1] !== '') out.pop();
    else if (part !== '.') out.push(part);
  }
  return out.join('/');
}

const dirOf = (p: string) => p.slice(0, p.lastIndexOf('/'));

/** The `#include "…"` / `<…>` targets of a text. */
export function includesOfText(text: string): string[] {
  const out: string[] = [];
  const re = /^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"]/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1]);
  return out;
}

/** Indexes the headers `includes` reach under `includeDir` (breadth first, each file once, at most `maxFiles`). */
export function indexIncludes(index: HeaderIndex, includeDir: string, includes: readonly string[], read: ReadFile, maxFiles = 5000): void {
  const queue: { rel: string; from?: string }[] = includes.map((rel) => ({ rel }));
  const seen = new Set<string>();
  while (queue.length && seen.size < maxFiles) {
    const { rel, from } = queue.shift()!;
    const candidates = from ? [join(dirOf(from), rel), join(includeDir, rel)] : [join(includeDir, rel)];
    for (const path of candidates) {
      if (seen.has(path)) break;
      const text = index.has(path) ? undefined : read(path);
      if (text === undefined && !index.has(path)) continue;
      seen.add(path);
      if (text !== undefined) index.setFile(path, text);
      for (const inc of index.includesOf(path)) queue.push({ rel: inc, from: path });
      break;
    }
  }
}

/**
 * The indexed files a translation unit reaches from its `#include`s under the macros given (an
 * include inside a false `#if` is not followed): only their declarations exist for it.
 */
export function reachableFiles(
  index: HeaderIndex,
  includeDir: string,
  includes: readonly string[],
  macros: ReadonlyMap<string, bigint>,
): Set<string> {
  const seen = new Set<string>();
  const queue: { rel: string; from?: string }[] = includes.map((rel) => ({ rel }));
  while (queue.length) {
    const { rel, from } = queue.shift()!;
    const candidates = from ? [join(dirOf(from), rel), join(includeDir, rel)] : [join(includeDir, rel)];
    const path = candidates.find((c) => index.has(c));
    if (!path || seen.has(path)) continue;
    seen.add(path);
    for (const inc of index.includesWithConditions(path)) if (conditionHolds(inc.cond, macros)) queue.push({ rel: inc.rel, from: path });
  }
  return seen;
}

/** A header's name relative to the include directory (`catlass/gemm/tile/tile_copy_tla.hpp`). */
export function headerNameUnder(includeDir: string): (file: string) => string {
  const prefix = normalize(includeDir).replace(/\/+$/, '') + '/';
  return (file) => (file.startsWith(prefix) ? file.slice(prefix.length) : file);
}
