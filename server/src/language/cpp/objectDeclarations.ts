// The declarations of the older Catlass objects in a kernel — `layout::RowMajor tagA{m, k};`,
// `Catlass::layout::zN layoutB(…);`, `MatrixCoord offset{row, col};` — found as TLA sites: the
// source from the type to the closing bracket is a `.tla` declaration of NAME as it is.
import { TAG_CLASS_NAMES } from '../syntax';

/** A C++ token as the scanner makes it (scanner.ts imports this file). */
interface CppToken {
  readonly kind: string;
  readonly text: string;
}

const COORD_TYPES = new Set(['MatrixCoord', 'GemmCoord']);
const CLASSES = new Set(TAG_CLASS_NAMES);

/** True when tokens i… name a layout class (`[Catlass::]layout::CLASS`); the index after it, else -1. */
export function layoutClassEnd(t: readonly CppToken[], i: number): number {
  let k = i;
  const path: string[] = [t[k].text];
  while (t[k + 1]?.text === '::' && t[k + 2]?.kind === 'ident') {
    k += 2;
    path.push(t[k].text);
  }
  const qualifiers = path.slice(0, -1);
  const isClass =
    CLASSES.has(path[path.length - 1]) &&
    qualifiers[qualifiers.length - 1] === 'layout' &&
    qualifiers.every((q) => q === 'layout' || q === 'Catlass');
  return isClass ? k + 1 : -1;
}

/**
 * When tokens i… are `[Catlass::]layout::CLASS NAME{…}` / `(…)`, `[Catlass::]MatrixCoord NAME{…}`, or
 * `ALIAS NAME{…}` with ALIAS one of `classAliases` (a `using` of a layout class seen before): the index
 * of the name and of the closing bracket; else undefined. `match` closes a bracket.
 */
export function objectDeclaration(
  t: readonly CppToken[],
  i: number,
  match: (k: number) => number,
  classAliases: ReadonlySet<string> = new Set(),
): { name: number; end: number } | undefined {
  let k = i;
  const path: string[] = [t[k].text];
  while (t[k + 1]?.text === '::' && t[k + 2]?.kind === 'ident') {
    k += 2;
    path.push(t[k].text);
  }
  const cls = path[path.length - 1];
  const qualifiers = path.slice(0, -1);
  const isClass =
    (CLASSES.has(cls) && qualifiers[qualifiers.length - 1] === 'layout' && qualifiers.every((q) => q === 'layout' || q === 'Catlass')) ||
    (path.length === 1 && classAliases.has(cls));
  const isCoord = COORD_TYPES.has(cls) && qualifiers.every((q) => q === 'Catlass');
  if (!isClass && !isCoord) return undefined;
  const name = t[k + 1];
  const open = t[k + 2];
  if (name?.kind !== 'ident' || (open?.text !== '{' && open?.text !== '(')) return undefined;
  // `layout::RowMajor f(int a)` would be a function: a declaration's arguments never start with a type keyword
  if (open.text === '(' && ['int', 'uint32_t', 'const', 'auto', 'int64_t', 'void', ')'].includes(t[k + 3]?.text ?? '')) return undefined;
  const end = match(k + 2);
  if (t[end + 1]?.text !== ';') return undefined;
  return { name: k + 1, end };
}

const OBJECT_MEMBERS = new Set(['GetOffset', 'GetTileLayout', 'Capacity']);

/**
 * `tagA.GetOffset(…)`, `layoutA.GetTileLayout(…)`, `layoutA.Capacity()` of a variable the file
 * declared as a layout (object): the index of the closing bracket, else -1.
 */
export function objectMemberCallEnd(t: readonly CppToken[], i: number, variables: ReadonlySet<string>, match: (k: number) => number): number {
  if (!variables.has(t[i].text) || t[i + 1]?.text !== '.' || !OBJECT_MEMBERS.has(t[i + 2]?.text ?? '') || t[i + 3]?.text !== '(') return -1;
  const prev = t[i - 1]?.text;
  if (prev === '.' || prev === '->' || prev === '::') return -1;
  return match(i + 3);
}
