// The header index: the facts of every header of a Catlass tree (headerFacts.ts), by the
// qualified name they declare. Files are set and removed one at a time (the workspace
// crawler and watcher call setFile/removeFile); a lookup reads the current files.
import { ClassDecl, Condition, HeaderFacts, NamespaceDecl, headerFacts } from './headerFacts';

export interface Declared {
  file: string;
  decl: NamespaceDecl;
}

export class HeaderIndex {
  private readonly files = new Map<string, HeaderFacts>();
  private names: Map<string, Declared[]> | undefined;
  private namespaces: Set<string> | undefined;

  setFile(path: string, text: string): void {
    this.files.set(path, headerFacts(text));
    this.names = undefined;
  }

  /** The facts of a file parsed elsewhere (the server parses in a worker thread: headerFacts of the same text). */
  setFacts(path: string, facts: HeaderFacts): void {
    this.files.set(path, facts);
    this.names = undefined;
  }

  removeFile(path: string): void {
    if (this.files.delete(path)) this.names = undefined;
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  /** The `#include` lines of an indexed file. */
  includesOf(path: string): readonly string[] {
    return this.files.get(path)?.includes ?? [];
  }

  /** The `#include` lines of an indexed file with the conditions around each. */
  includesWithConditions(path: string): { rel: string; cond: Condition }[] {
    const f = this.files.get(path);
    return f ? f.includes.map((rel, i) => ({ rel, cond: f.includeConds[i] })) : [];
  }

  get fileCount(): number {
    return this.files.size;
  }

  /** Every declaration of a qualified name (`Catlass::Gemm::Tile::TileCopyTla`), in every file and arch. */
  lookup(qname: string): readonly Declared[] {
    return this.table().get(qname) ?? [];
  }

  /** Whether `qname` is a namespace some header opens (or a class scope that holds declarations). */
  isNamespace(qname: string): boolean {
    this.table();
    return this.namespaces!.has(qname);
  }

  private table(): Map<string, Declared[]> {
    if (this.names) return this.names;
    const names = new Map<string, Declared[]>();
    const namespaces = new Set<string>();
    const add = (q: string, d: Declared) => {
      const list = names.get(q);
      if (list) list.push(d);
      else names.set(q, [d]);
    };
    for (const [file, facts] of this.files) {
      for (const decl of facts.decls) {
        for (let i = 1; i <= decl.scope.length; i++) namespaces.add(decl.scope.slice(0, i).join('::'));
        if (decl.kind === 'usingNamespace') {
          add(`${decl.scope.join('::')}::using namespace`, { file, decl });
          continue;
        }
        add(qualify(decl.scope, decl.name), { file, decl });
        if (decl.kind === 'enum') addEnumerators(decl, file, add);
        if (decl.kind === 'class') addNested(decl, file, add);
      }
    }
    this.namespaces = namespaces;
    this.names = names;
    return names;
  }
}

const qualify = (scope: readonly string[], name: string) => (scope.length ? `${scope.join('::')}::${name}` : name);

/** Nested classes and enumerations of a class, under the class's qualified name. */
function addNested(c: ClassDecl, file: string, add: (q: string, d: Declared) => void): void {
  for (const m of c.members) {
    if (m.kind === 'class') {
      add(qualify(m.decl.scope, m.decl.name), { file, decl: m.decl });
      addNested(m.decl, file, add);
    }
  }
}

/** An unscoped enumeration's enumerators are also names of the enclosing scope. */
function addEnumerators(e: Extract<NamespaceDecl, { kind: 'enum' }>, file: string, add: (q: string, d: Declared) => void): void {
  if (e.scoped) return;
  for (const x of e.enumerators) add(qualify(e.scope, x.name), { file, decl: e });
}

/** Whether the preprocessor conditions hold for the macros given (an unknown macro is 0, as in `#if`). */
export function conditionHolds(cond: Condition, macros: ReadonlyMap<string, bigint>): boolean {
  for (const c of cond) if (evalPreprocessor(c.text, macros) !== c.want) return false;
  return true;
}

const ppCache = new Map<string, (m: ReadonlyMap<string, bigint>) => boolean>();

function evalPreprocessor(text: string, macros: ReadonlyMap<string, bigint>): boolean {
  let f = ppCache.get(text);
  if (!f) {
    f = compilePreprocessor(text);
    ppCache.set(text, f);
  }
  return f(macros);
}

/** A `#if` expression as a function of the macros: `defined(X)`, integers, `! && || == != < > <= >= + - * / ( )`. */
function compilePreprocessor(text: string): (m: ReadonlyMap<string, bigint>) => boolean {
  const toks = text.match(/defined\s*\(\s*\w+\s*\)|defined\s+\w+|\w+|&&|\|\||==|!=|<=|>=|[!<>+\-*/%()]/g) ?? [];
  return (m) => {
    let i = 0;
    const prim = (): bigint => {
      const t = toks[i++];
      if (t === undefined) return 0n;
      if (t === '(') {
        const v = or();
        i++;
        return v;
      }
      if (t === '!') return prim() ? 0n : 1n;
      if (t === '-') return -prim();
      if (t.startsWith('defined')) return m.has(/(\w+)\s*\)?$/.exec(t)![1]) ? 1n : 0n;
      if (/^\d/.test(t)) return BigInt(t.replace(/[uUlL]+$/, ''));
      return m.get(t) ?? 0n;
    };
    const bin = (next: () => bigint, ops: string[], apply: (op: string, a: bigint, b: bigint) => bigint) => (): bigint => {
      let a = next();
      while (ops.includes(toks[i])) {
        const op = toks[i++];
        a = apply(op, a, next());
      }
      return a;
    };
    const b2 = (x: boolean) => (x ? 1n : 0n);
    const mul = bin(prim, ['*', '/', '%'], (op, a, b) => (op === '*' ? a * b : b === 0n ? 0n : op === '/' ? a / b : a % b));
    const add = bin(mul, ['+', '-'], (op, a, b) => (op === '+' ? a + b : a - b));
    const rel = bin(add, ['<', '>', '<=', '>='], (op, a, b) => b2(op === '<' ? a < b : op === '>' ? a > b : op === '<=' ? a <= b : a >= b));
    const eq = bin(rel, ['==', '!='], (op, a, b) => b2(op === '==' ? a === b : a !== b));
    const and = bin(eq, ['&&'], (_op, a, b) => b2(!!a && !!b));
    const or = bin(and, ['||'], (_op, a, b) => b2(!!a || !!b));
    return or() !== 0n;
  };
}
