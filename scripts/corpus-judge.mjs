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
  // the value may come before the signature (C++: what clangd cannot say comes first) or after it
  for (const part of markdown.split('\n---\n')) {
    const v = partValue(part);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The value one part of a hover shows (between its `---` rules); undefined for a signature and its doc. */
function partValue(part) {
  if (/^\s*```cpp/.test(part)) return undefined; // a signature and its doc only
  if (/no value/i.test(part.split('\n').slice(0, 3).join('\n'))) return undefined;
  if (/\*\*tensor\*\*/.test(part)) {
    // its layout fenced (once), its coord where it is not at its start (the origin, `(_0,_0)`, when not said)
    const layout = /layout `([^`]*)`/.exec(part)?.[1] ?? /```[ \t]*\n([\s\S]*?)\n```/.exec(part)?.[1]?.trim();
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
  if (/[‹?…]/.test(value)) return true; // `…`: a part too long for the hint, a symbol
  const bare = value.replace(/(^|[^A-Za-z0-9_])_\d+(?![A-Za-z0-9_])/g, '$1').replace(/@/g, ' ');
  return /[A-Za-z_]/.test(bare);
}

/** An inlay hint's text, whatever form its label has (a string or label parts). */
export function hintText(label) {
  return typeof label === 'string' ? label : label.map((p) => p.value).join('');
}

/** The words a hint may add to any value without saying anything of it. */
const FILLER = new Set(['valid', 'tail', 'empty', 'Tensor', 'over', 'a', 'an', 'of', 'tile', 'layout', 'rank']);

/**
 * True when a hint only repeats its call: every name and number it shows (`‹?›` and the words
 * around a value aside) is already written in the call's own text (`‹?›:‹?›:(m,k)` after
 * `MakeLayout<ElementA, LayoutTagA>(m, k)`, `Tensor<half, GM> over gmA` on `MakeTensor(gmA, …)`'s
 * words). A hint with any number or name of its own (`(44,244)`, `_16`, `⌈m/16⌉`) tells something.
 */
export function echoesCall(label, callText) {
  const words =
    hintText(label)
      .replace(/‹\?›/g, ' ')
      .match(/[A-Za-z_][A-Za-z0-9_]*|\d+|[⌈⌊·]/g) ?? [];
  const said = words.filter((w) => !FILLER.has(w));
  return said.every((w) => /^[A-Za-z_]/.test(w) && callText.includes(w)) || said.length === 0;
}

/**
 * The words site `k`'s hint may repeat without telling anything: its call's text and the text of
 * the earlier sites assigned to a name the call reads (a tensor over `layoutBias` showing
 * `(params.problemShape.n())` repeats `layoutBias = MakeLayout(params.problemShape.n())`), as the
 * server's inlay hints judge it (inlayHints.ts callWords).
 * @param {{ start: number, end: number, assigned?: string }[]} sites the file's sites, in order
 * @param {number} k the site
 * @param {string} text the file's text
 */
export function callWords(sites, k, text) {
  const own = text.slice(sites[k].start, sites[k].end);
  const read = new Set(own.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
  const declared = sites.slice(0, k).filter((s) => s.assigned && read.has(s.assigned));
  return [own, ...declared.map((s) => text.slice(s.start, s.end))].join('\n');
}

/** The p-th percentile (0..1) of numbers, nearest rank; NaN of none. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] : NaN;
}

/**
 * The ways a shown value says nothing beyond its call (issue 21's acceptance: "more than the
 * call's own words: not only `Tensor<E, POS> over X`, `‹?›:‹?›:(…)` or 'not known here'"), each
 * with the reason the report groups such sites under; the order is the order they are tried.
 */
const EMPTY_FORMS = [
  { form: /^Tensor<[^>]*> over \S+$/, reason: 'a tensor shown as its element and position only (Tensor<E, POS> over X)' },
  { form: /^‹\?›:‹\?›(:|$)/, reason: 'a layout whose shape and stride are not known (‹?›:‹?›:(…))' },
  { form: /^‹\?›$/, reason: 'a value not known here (‹?›)' },
  { form: /not known here|\(no value\)/, reason: 'a value not known here (‹?›)' },
];

/**
 * Whether a site's values say more than its call (informative), and if not, why: the reason
 * of the first value's form (see EMPTY_FORMS), "only the call's own words" (every name a
 * value shows is written in the call, `‹?›` and a tensor's coord aside), or "no value".
 * @param {{ via: string, value: string }[]} values what the hint and the hovers showed
 * @param {string} callText the site's source text
 * @returns {{ informative: boolean, reason?: string }}
 */
export function judgeInformative(values, callText) {
  if (!values.length) return { informative: false, reason: 'no value shown' };
  let reason;
  for (const { value } of values) {
    // a tensor's coord (`@ (_0,_0)`, or the tile's own coordinate argument) says nothing of its layout
    const v = value.replace(/ @ .*$/, '').trim();
    const empty = EMPTY_FORMS.find((e) => e.form.test(v));
    if (empty) {
      reason ??= empty.reason;
      continue;
    }
    if (echoesCall(v, callText)) {
      reason ??= "only the call's own words";
      continue;
    }
    return { informative: true };
  }
  return { informative: false, reason };
}

/**
 * Why a hover shows no value, in a few words fit to group sites by: its first sentence that
 * says "no value", "not known" or "not a …", with code spans and numbers made `…` (so that
 * `no value: 'layoutA' is a parameter` and `… 'layoutB' …` group together); '' when it says none.
 */
export function hoverWhy(markdown) {
  if (!markdown) return '';
  for (const part of markdown.split('\n---\n')) {
    if (/^\s*```cpp/.test(part)) continue;
    const line = part.split('\n').find((l) => /no value|not known|not an? |unknown|cannot/i.test(l));
    if (line)
      return line
        .replace(/`[^`]*`/g, '`…`')
        .replace(/'[^']*'/g, "'…'")
        .replace(/\*\*[^*]*\*\*/g, '**…**')
        .replace(/\d+/g, 'N')
        .trim()
        .slice(0, 140);
  }
  return '';
}
