// C++'s unqualified name lookup of the names Catlass and tla both declare (MakeCoord, Coord,
// detail), at a place of a C++ file: from the innermost scope outwards, the first scope that
// declares the name ends it. A block's using-declaration (`using tla::MakeCoord;`) declares it
// there; inside `namespace Catlass::Gemm::Block { }` the scopes are Block, Gemm, Catlass — and
// Catlass declares it (all of include/catlass is inside that namespace); a using-declaration
// in a namespace's body adds to that namespace's names. A using-directive (`using namespace
// tla;`) makes a global namespace's names count at the file's scope only, so it does not reach
// past Catlass: that is left to the evaluator (the `using namespace` bindings), and this says
// nothing (undefined) where no namespace or using-declaration decides.
import { Binding, FOUND_IN } from '../eval';
import type { CppNamespace, CppUsing, CppUsingDeclaration } from './scanner';

/** The namespaces that declare the names looked up here, by their full names. */
const DECLARING: ReadonlyMap<string, 'Catlass' | 'tla'> = new Map([
  ['Catlass', 'Catlass'],
  ['tla', 'tla'],
]);

/** The names both declare that an unqualified use reads through this lookup. */
export const LOOKED_UP = ['MakeCoord', 'Coord', 'detail'] as const;

const visibleAt = (s: { scopeStart: number; scopeEnd: number }, at: number) => s.scopeStart <= at && at < s.scopeEnd;

/** What an unqualified `name` at offset `at` finds (a FOUND_IN binding), or undefined where the file's using-directives decide. */
export function unqualifiedLookup(
  namespaces: readonly CppNamespace[],
  declarations: readonly CppUsingDeclaration[],
  directives: readonly CppUsing[],
  name: string,
  at: number,
): Binding | undefined {
  const decls = declarations.filter((d) => d.name === name && visibleAt(d, at) && DECLARING.has(d.namespace.replace(/^::/, '')));
  // a using-declaration in a function's or a class's block: found before any namespace's
  const inBlock = decls.filter((d) => d.inNamespace === undefined);
  if (inBlock.length) return foundIn(inBlock.map((d) => DECLARING.get(d.namespace.replace(/^::/, ''))!));
  // the namespaces around, innermost first: its full name, then each enclosing one's
  let inner: CppNamespace | undefined;
  for (const n of namespaces) if (visibleAt(n, at) && (!inner || n.scopeStart >= inner.scopeStart)) inner = n;
  const path = inner?.path ?? [];
  for (let k = path.length; k >= 0; k--) {
    const scope = path.slice(0, k).join('::');
    const found = decls.filter((d) => d.inNamespace === scope).map((d) => DECLARING.get(d.namespace.replace(/^::/, ''))!);
    const own = DECLARING.get(scope);
    if (own) found.push(own);
    // the file's scope: its using-declarations join what the directives bring there (without
    // any, the evaluator reads the directives itself)
    if (k === 0) {
      if (!found.length) return undefined;
      for (const u of directives)
        if (u.end <= at && visibleAt(u, at) && DECLARING.has(u.namespace.replace(/^::/, '')))
          found.push(DECLARING.get(u.namespace.replace(/^::/, ''))!);
      return foundIn(found);
    }
    if (found.length) return foundIn(found, own === 'Catlass');
  }
  return undefined;
}

/** The binding of what the lookup found; Catlass's alone is found by a using-declaration unless the place is inside namespace Catlass. */
function foundIn(namespaces: readonly ('Catlass' | 'tla')[], insideCatlass = false): Binding {
  const catlass = namespaces.includes('Catlass');
  const tla = namespaces.includes('tla');
  if (catlass && tla) return FOUND_IN.both;
  if (catlass) return insideCatlass ? FOUND_IN.Catlass : FOUND_IN.CatlassDeclared;
  return FOUND_IN.tla;
}
