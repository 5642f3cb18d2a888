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
  autos: Set<string>;
  integers: Map<string, string>;
}

/** What the statements before `end` name by `decltype(NAME)` of an `auto NAME = …;`, followed through the autos they read (3 deep). */
export function decltypeLocals(cpp: string, end: number): DecltypeLocals {
  const out: DecltypeLocals = { autos: new Set(), integers: new Map() };
  const before = cpp.slice(0, end);
  if (!before.includes('decltype')) return out;
  let wanted = [...new Set([...before.matchAll(/\bdecltype\s*\(\s*([A-Za-z_]\w*)\s*\)/g)].map((m) => m[1]))];
  const read = new Set<string>();
  for (let depth = 0; depth < 3 && wanted.length; depth++) {
    const next: string[] = [];
    for (const w of wanted) {
      const rhs = [...before.matchAll(new RegExp(`\\bauto\\s+${w}\\s*=\\s*([^;{}]*);`, 'g'))].pop()?.[1];
      if (rhs === undefined || out.autos.has(w)) continue;
      out.autos.add(w);
      for (const id of rhs.match(/\b[A-Za-z_]\w*\b/g) ?? []) {
        read.add(id);
        next.push(id);
      }
    }
    wanted = next.filter((n) => !out.autos.has(n));
  }
  for (const m of before.matchAll(INTEGER_DECL)) if (read.has(m[2]) && !out.autos.has(m[2])) out.integers.set(m[2], m[1]);
  return out;
}
