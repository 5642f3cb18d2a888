// How `npm run corpus` (scripts/corpus.mjs) judges what the server shows for a site:
// which inlay hint belongs to which site, the value a hover or a hint shows, and
// whether that value is concrete or has a symbol in it. Judged on the text a user
// reads, not on the server's internals, so that the figures check the server.

/**
 * Each inlay hint goes to the site whose end is the nearest at or before it on the same
 * line (a hint right after `)` belongs to that call; `MakeTensor(g, MakeLayout(…))`'s
 * hint after the outer `)` goes to MakeTensor, not to the inner MakeLayout).
 * @param {{ line: number, character: number }[]} ends the position after each site
 * @param {{ position: { line: number, character: number } }[]} hints
 * @returns {Map<number, any[]>} site index → its hints
 */
export function assignHints(ends, hints) {
  const bySite = new Map();
  for (const h of hints) {
    let best = -1;
    for (let k = 0; k < ends.length; k++) {
      const e = ends[k];
      if (e.line !== h.position.line || e.character > h.position.character) continue;
      if (best < 0 || ends[best].character < e.character) best = k;
    }
    if (best >= 0) bySite.set(best, [...(bySite.get(best) ?? []), h]);
  }
  return bySite;
}

/**
 * The value a hover shows, or undefined when it shows none (a signature alone, "no
 * value", a type). The server's Markdown: a callee's signature and doc, then `---` and
 * the call's value; a declared name's `**name**` and its value; a layout as a fenced
 * block; a tensor as `**tensor**` with layout and coord; an integer or tuple as
 * `` `v` — kind``; an offset as `**offset v**`.
 */
export function hoverValue(markdown) {
  if (!markdown) return undefined;
  let part = markdown;
  const sep = markdown.lastIndexOf('\n---\n');
  if (sep >= 0) part = markdown.slice(sep + 5);
  else if (/^\s*```cpp/.test(markdown)) return undefined; // a signature and its doc only
  if (/no value/i.test(part.split('\n').slice(0, 3).join('\n'))) return undefined;
  if (/\*\*tensor\*\*/.test(part)) {
    const layout = /layout `([^`]*)`/.exec(part)?.[1];
    const coord = /coord `([^`]*)`/.exec(part)?.[1];
    if (layout === undefined) return undefined;
    return coord === undefined ? layout : `${layout} @ ${coord}`;
  }
  const offset = /\*\*offset ([^*]+)\*\*/.exec(part);
  if (offset) return offset[1];
  const fence = /```[ \t]*\n([\s\S]*?)\n```/.exec(part); // a layout: an untagged fence (the cpp one is a signature)
  if (fence) return fence[1].trim();
  const shape = /\*\*shape\*\* `([^`]*)`/.exec(part);
  if (shape) return shape[1];
  const scalar = /`([^`]+)` — (static integer|integer|tuple)/.exec(part);
  if (scalar) return scalar[1];
  return undefined;
}

/** The value an inlay hint shows: its label without the arrow and the words around the value. */
export function hintValue(label) {
  const text = typeof label === 'string' ? label : label.map((p) => p.value).join('');
  return text
    .replace(/^\s*(▸|=)\s*/, '')
    .replace(/\b(valid|tail|empty)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * True when a shown value has a symbol in it: a name (a static integer `_16` is a
 * number, `_row` is a name), a ‹marked› symbol, ⌈…⌉ of a name, or a `?`.
 */
export function isSymbolic(value) {
  if (/[‹?]/.test(value)) return true;
  const bare = value.replace(/(^|[^A-Za-z0-9_])_\d+(?![A-Za-z0-9_])/g, '$1').replace(/@/g, ' ');
  return /[A-Za-z_]/.test(bare);
}
