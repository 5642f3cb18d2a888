// The local variables a kernel's instantiation site names through `decltype` (`using TileCopy =
// Gemm::Tile::PackedMxTileCopyTla<…, decltype(layoutMxScaleA), …>;` after `auto layoutMxScaleA =
// tla::MakeMxScaleLayout<…>(m, mxScaleK);`): the site's scratch needs their statements, and the
// integer names those read as run-time values of their declared type (`uint32_t m;`: the symbol
// `m`, never its initializer, which is the kernel's run-time data). Pure functions of the text.

/** Integer types a run-time name is declared with (its dynamic leaves take this type). */
const INTEGER_TYPES = ['uint8_t', 'uint16_t', 'uint32_t', 'uint64_t', 'int8_t', 'int16_t', 'int32_t', 'int64_t', 'int', 'size_t'];
const INTEGER_DECL = new RegExp(`\\b(${INTEGER_TYPES.join('|')})\\s+([A-Za-z_]\\w*)\\s*(?:=|\\{|;|\\()`, 'g');

/** The `auto` names whose statements a scratch takes, and the integer names it declares without their values. */
export interface DecltypeLocals {
  /** Offsets of the statements taken (each the one declaration of its name in scope at the site). */
  at: Set<number>;
  autos: Set<string>;
  /** Integer names, by their type (declared without their values). */
  integers: Map<string, string>;
  /** Objects of a class type constructed with braces (`LayoutTagA tagA{m, k};`): taken as written. */
  objects: Set<string>;
}

/** True when the block holding offset `at` of the text is still open at its end (the declaration is in scope there). */
function inScope(text: string, at: number): boolean {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125 && --depth < 0) return false;
  }
  return true;
}

/** The names an expression reads (not members after `.`, `->` or `::`). */
const namesIn = (expr: string): string[] => expr.match(/(?<!(?:\.|->|::)\s*)\b[A-Za-z_]\w*\b/g) ?? [];

/**
 * What the statements before `end` name by `decltype(NAME)` of an `auto NAME = …;`, followed
 * through the autos they read (3 deep); each declaration the last before `end` whose block is
 * still open there (another function's local of the same name is not it).
 */
export function decltypeLocals(cpp: string, end: number): DecltypeLocals {
  const out: DecltypeLocals = { at: new Set(), autos: new Set(), integers: new Map(), objects: new Set() };
  const before = cpp.slice(0, end);
  if (!before.includes('decltype')) return out;
  let wanted = [...new Set([...before.matchAll(/\bdecltype\s*\(\s*([A-Za-z_]\w*)\s*\)/g)].map((m) => m[1]))];
  const read = new Set<string>();
  for (let depth = 0; depth < 3 && wanted.length; depth++) {
    const next: string[] = [];
    for (const w of wanted) {
      const decl = [...before.matchAll(new RegExp(`\\bauto\\s+${w}\\s*=\\s*([^;{}]*);`, 'g'))].pop();
      if (!decl || out.autos.has(w) || !inScope(before, decl.index)) continue;
      out.autos.add(w);
      out.at.add(decl.index);
      for (const id of namesIn(decl[1])) {
        read.add(id);
        next.push(id);
      }
    }
    wanted = next.filter((n) => !out.autos.has(n));
  }
  const last = <T extends RegExpMatchArray>(ms: Iterable<T>) => {
    const byName = new Map<string, T>();
    for (const m of ms) byName.set(m[2], m);
    return [...byName.values()].filter((m) => read.has(m[2]) && !out.autos.has(m[2]) && inScope(before, m.index ?? 0));
  };
  // a tag object the locals read (`auto layoutA = MakeLayoutFromTag(tagA);`), of an alias or a layout class,
  // constructed with braces or copied from a call (`LayoutTagA tagA = LayoutTagA::MakeLayout<ElementA>(m, k);`)
  const objectDecl =
    /^[ \t]*([A-Za-z_][\w:]*)[ \t]+([A-Za-z_]\w*)[ \t]*(?:\{[^;{}]*\}|=[ \t]*[A-Za-z_][\w:]*(?:<[^;{}<>]*>)?[ \t]*\([^;{}]*\))[ \t]*;/gm;
  for (const m of last(before.matchAll(objectDecl)))
    if (!INTEGER_TYPES.includes(m[1]) && m[1] !== 'auto') {
      out.objects.add(m[2]);
      out.at.add((m.index ?? 0) + m[0].length - m[0].trimStart().length);
      const init = m[0].search(/[{=]/);
      for (const id of namesIn(m[0].slice(init))) read.add(id);
    }
  for (const m of last(before.matchAll(INTEGER_DECL)))
    if (!out.objects.has(m[2])) {
      out.integers.set(m[2], m[1]);
      out.at.add(m.index ?? 0);
    }
  return out;
}
