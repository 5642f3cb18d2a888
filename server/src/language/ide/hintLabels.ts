// Inlay hint labels that fit: VS Code cuts a label at `editor.inlayHints.maximumLength` (43 by
// default), so a label leads with what matters and stays within HINT_FIT characters — a tile's
// shape, its valid extent and `tail`/`empty`; a layout's kind and shape — and the full value goes
// to the hint's tooltip (and the hover). Each label is the first of its candidates, from the most
// complete to the shortest, that fits; a symbolic part too long to fit becomes `…`, never a cut name.
import * as core from '../../core';
import type { IntTuple, Layout } from '../../core';

/** The longest label shown whole (VS Code's default cut is 43; the `▸ ` and padding take the rest). */
export const HINT_FIT = 40;

/** A tuple's components longer than this become `…` in the shortest candidates. */
const PART_FIT = 10;

/** The first candidate that fits in HINT_FIT characters, else the last (the shortest) as it is. */
export function firstFitting(candidates: readonly string[]): string {
  return candidates.find((c) => c.length <= HINT_FIT) ?? candidates[candidates.length - 1];
}

/** A tuple printed with every long component (a symbolic extent `min(max(200-kIdx·64,0),64)`) as `…`. */
export function elided(t: IntTuple): string {
  if (t.kind !== 'tuple') {
    const s = core.printIntTuple(t);
    return s.length > PART_FIT ? '…' : s;
  }
  return `(${t.items.map((x) => (core.printIntTuple(x).length > PART_FIT ? '…' : core.printIntTuple(x))).join(',')})`;
}

/** A tuple with its last 1, 2, … long components as `…`, the longest first (`(⌈m/16⌉·16,…)`). */
function trailingElided(t: IntTuple): string[] {
  if (t.kind !== 'tuple' || t.items.length < 2) return [];
  const parts = t.items.map((x) => core.printIntTuple(x));
  const out: string[] = [];
  for (let cut = 1; cut < parts.length; cut++) {
    const kept = parts.slice(0, parts.length - cut);
    const rest = parts.slice(parts.length - cut).map((p) => (p.length > PART_FIT ? '…' : p));
    out.push(`(${[...kept, ...rest].join(',')})`);
  }
  return out;
}

/** A mode's extent: the product of its nested shape (`(_16,2)` → `_32`). */
function extents(shape: IntTuple): IntTuple {
  try {
    return shape.kind === 'tuple' ? core.tuple(...shape.items.map((m) => core.arith.product(m))) : shape;
  } catch (e) {
    if (e instanceof core.LayoutError) return shape; // an extent beyond int64: the nested shape says it
    throw e;
  }
}

/** ` valid (…,36)`, or nothing when every extent is `…` (a valid extent of all `…` says nothing); ` empty` stays. */
function elidedValid(word: string, originShape: IntTuple): string {
  const e = elided(originShape);
  if (/^\(?…(,…)*\)?$/.test(e)) return word === 'empty' ? ' empty' : '';
  return ` ${word} ${e}`;
}

/** `▸ ((_16,2),(_16,3)) valid (4,36) tail`, shorter forms when it is long; `at` a tensor tile's coord. */
export function tileHint(result: Layout, kind: core.TileKind, at?: IntTuple): string {
  const word = kind === 'empty' ? 'empty' : 'valid';
  const tail = kind === 'tail' ? ' tail' : '';
  const nested = core.printIntTuple(result.shape);
  const flat = core.printIntTuple(extents(result.shape));
  const valid = core.printIntTuple(result.originShape);
  const coord = at ? ` @ ${core.printIntTuple(at)}` : '';
  return firstFitting([
    `▸ ${nested} ${word} ${valid}${tail}${coord}`,
    `▸ ${flat} ${word} ${valid}${tail}${coord}`,
    `▸ ${nested} ${word} ${valid}${tail}`,
    `▸ ${flat} ${word} ${valid}${tail}`,
    `▸ ${flat}${elidedValid(word, result.originShape)}${tail}`,
    `▸ ${elided(extents(result.shape))}${elidedValid(word, result.originShape)}${tail}`,
    `▸ ${kind === 'empty' ? 'an empty' : kind === 'tail' ? 'a tail' : 'a'} tile of rank ${core.rank(result.shape)}`,
  ]);
}

/** A tile of a tensor whose layout is not known here: `▸ (_128,_64) valid (44,…) @ gmA+(0,0)`, shorter forms when long. */
export function opaqueTileHint(tileShape: IntTuple, originShape: IntTuple, root: string, offset: IntTuple): string {
  const shape = core.printIntTuple(tileShape);
  const valid = core.printIntTuple(originShape);
  return firstFitting([
    `▸ ${shape} valid ${valid} @ ${root}+${core.printIntTuple(offset)}`,
    `▸ ${shape} valid ${valid}`,
    `▸ ${shape}${elidedValid('valid', originShape)}`,
    `▸ ${elided(tileShape)}${elidedValid('valid', originShape)}`,
  ]);
}

/**
 * `= 10`, or a long symbolic offset's leading terms that fit and `+…`
 * (`= batchCount·options.strideC+…`); none (undefined) when not even its first term fits.
 */
export function offsetHint(offset: IntTuple): string | undefined {
  const whole = `= ${core.printIntTuple(offset)}`;
  if (whole.length <= HINT_FIT) return whole;
  if (offset.kind !== 'int' || !offset.sym) return undefined;
  // the terms as printed: split at the signs between terms (not inside ⌈…⌉, min(…), max(…))
  const printed = core.printIntTuple(offset);
  const terms: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < printed.length; i++) {
    const ch = printed[i];
    if (ch === '(' || ch === '⌈' || ch === '⌊') depth++;
    else if (ch === ')' || ch === '⌉' || ch === '⌋') depth--;
    else if ((ch === '+' || ch === '-') && depth === 0 && i > 0) {
      terms.push(printed.slice(from, i));
      from = i;
    }
  }
  terms.push(printed.slice(from));
  let shown = '';
  for (const t of terms) {
    if (`= ${shown}${t}+…`.length > HINT_FIT) break;
    shown += t;
  }
  return shown ? `= ${shown}+…` : undefined;
}

/** `zN` for `zN`, `layout::zN`, `Catlass::layout::zN`: the tag a template argument names. */
export function tagName(written: string | undefined): string | undefined {
  const last = written?.split('::').pop()?.trim();
  return last && (core.TAG_CLASSES as readonly string[]).includes(last) ? last : undefined;
}

/** The tag a layout is made by, where its value says (recognise) or the call names it (`MakeLayout<half, zN>`). */
export function layoutKind(l: Layout, namedTag?: string): string | undefined {
  const named = tagName(namedTag);
  let found = core.recognise(l).map((f) => f.tag);
  // a tile's layout (a symbolic valid extent): the tag its static shape and stride are made by
  if (!found.length && !core.isSymbolic(l.shape) && !core.isSymbolic(l.stride))
    found = core.recognise({ ...l, originShape: extents(l.shape) }).map((f) => f.tag);
  // the call's own tag when the value agrees (zN and L0C can coincide), else the one tag the value fits
  if (named && (found.includes(named) || !found.length)) return named;
  return found.length === 1 ? found[0] : undefined;
}

/** Tags whose stride says the kind at a glance: a layout that fits whole needs no word before it. */
const PLAIN_TAGS: ReadonlySet<string> = new Set(['RowMajor', 'ColumnMajor']);

/**
 * `▸ (4,8):(8,1):(4,8)` when it fits; else shape and stride when the originShape is the shape; else the
 * kind and the shape, `▸ zN ((_16,7),(_16,7))` — the kind leads.
 */
export function layoutHint(l: Layout, namedTag?: string, prefix = '▸ '): string {
  const kind = layoutKind(l, namedTag);
  const k = kind ? `${kind} ` : '';
  const shape = core.printIntTuple(l.shape);
  // shape:stride, when the originShape is the shape (no padding, nothing cropped): the stride is what a
  // layout made of another's shape (`MakeLayout(base.shape(), MakeStride(…), base.originShape())`) says of its own
  // (a unit stride alone, `(n):(_1)`, says nothing the shape does not)
  const stride = core.printIntTuple(l.stride);
  const whole = core.printIntTuple(l.originShape) === shape && !/^\(?_1(,_1)*\)?$/.test(stride);
  return firstFitting([
    ...(kind && !PLAIN_TAGS.has(kind) ? [] : [`${prefix}${core.printLayout(l)}`]),
    `${prefix}${k}${core.printLayout(l)}`,
    ...(whole ? [`${prefix}${k}${shape}:${stride}`] : []),
    `${prefix}${k}${shape}`,
    `${prefix}${k}${core.printIntTuple(extents(l.shape))}`,
    // the kind word and the leading extents, the later ones `…` (`▸ L0C (⌈m/16⌉·16,…)`): the kind is kept
    ...trailingElided(extents(l.shape)).map((t) => `${prefix}${k}${t}`),
    `${prefix}${k}${elided(extents(l.shape))}`,
    `${prefix}${k}a layout of rank ${core.rank(l.shape)}`,
  ]);
}

/** The words a label puts around a value. */
const LABEL_WORDS = new Set(['valid', 'tail', 'empty', 'a', 'an', 'of', 'tile', 'layout', 'rank']);

/**
 * Whether a label only repeats its call: every name it shows is written in the call's text, and
 * it shows no number or `⌈…⌉` of its own (`▸ (m,k)` after `GetTile(t, c, MakeShape(m, k))`,
 * `▸ (blockShape.m(),n) valid (…,…)`). Such a site gets no hint: its hover has the value.
 */
export function repeatsCall(label: string, callText: string): boolean {
  const words = label.match(/[A-Za-z_][A-Za-z0-9_]*|\d+|[⌈⌊·]/g) ?? [];
  if (words.every((w) => LABEL_WORDS.has(w) || (/^[A-Za-z_]/.test(w) && callText.includes(w)))) return true;
  // a shape written whole in the call (`▸ (_1,actualTileShape.column())` after `MakeShape(tla::Int<1>{}, actualTileShape.column())`);
  // word by word `_1` is not written, and a `_1` the label computes (RowMajor's stride) must not count as written
  const shown = label.replace(/^▸\s*/, '');
  return shown.startsWith('(') && !/[⌈⌊·]/.test(shown) && asPrinted(callText).includes(shown);
}

/** A call's text as the values print it: no spaces, no `tla::`, `Int<1>{}` as `_1` (what a label shows for it). */
function asPrinted(callText: string): string {
  return callText
    .replace(/\s+/g, '')
    .replace(/\btla::/g, '')
    .replace(/\bInt<(\d+)>(?:\{\}|\(\))?/g, '_$1');
}
