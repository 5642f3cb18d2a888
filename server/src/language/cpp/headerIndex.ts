// The header index: the facts of every header of a Catlass tree (headerFacts.ts), by the
// qualified name they declare. Files are set and removed one at a time (the workspace
// crawler and watcher call setFile/removeFile); a lookup reads the current files. The name
// table follows each change file by file, and a file's facts may arrive encoded (from the
// server's parser thread) and be decoded only when a lookup reaches them: the facts of 2,500
// headers as objects on the main thread were 200 MB of heap its collector walked during hovers.
import { ClassDecl, Condition, HeaderFacts, NamespaceDecl, headerFacts } from './headerFacts';
import { conditionTokens, evaluateCondition } from './conditionals';

export interface Declared {
  file: string;
  decl: NamespaceDecl;
}

/**
 * What the name table needs of one header, without its declarations: each name it declares with
 * the way to its declaration (the index of a top-level declaration, then of nested class members),
 * the scopes it opens, and its includes. Made where the facts are parsed (the server's parser thread),
 * so that the facts themselves can stay encoded until a lookup needs them.
 */
export interface FactsSummary {
  names: [qname: string, path: number[]][];
  /** The qualified names of its namespace-level constants (`Catlass::MX_SCALE_GROUP_NUM`), not templates. */
  constants?: string[];
  namespaces: string[];
  includes: string[];
  includeConds: Condition[];
}

/** A header's facts as the parser thread sends them: the summary, and the facts decoded on first use. */
export interface EncodedFacts {
  summary: FactsSummary;
  decode: () => HeaderFacts;
}

interface FileEntry {
  summary: FactsSummary;
  /** The facts, once decoded (kept until the file changes: a declaration is one object for its life). */
  facts?: HeaderFacts;
  decode?: () => HeaderFacts;
  /** The file's place in the index's order (a file set again keeps it, as a Map key does). */
  seq: number;
}

interface NameEntry {
  file: string;
  /** Position among the file's names (declaration order). */
  at: number;
}

export class HeaderIndex {
  private readonly files = new Map<string, FileEntry>();
  private seq = 0;
  /** qualified name → where it is declared; kept up to date file by file (a change touches only its file's names). */
  private readonly names = new Map<string, NameEntry[]>();
  /** Declarations of a name, made on the first lookup since one of its files changed. */
  private readonly declared = new Map<string, Declared[]>();
  /** Scope → how many files open it. */
  private readonly namespaces = new Map<string, number>();

  setFile(path: string, text: string): void {
    this.setFacts(path, headerFacts(text));
  }

  /** The facts of a file parsed elsewhere (headerFacts of the same text). */
  setFacts(path: string, facts: HeaderFacts): void {
    this.put(path, { summary: summarizeFacts(facts), facts });
  }

  /** The facts of a file as the parser thread encodes them: decoded when a lookup first reaches the file. */
  setEncodedFacts(path: string, encoded: EncodedFacts): void {
    this.put(path, { summary: encoded.summary, decode: encoded.decode });
  }

  removeFile(path: string): void {
    const old = this.files.get(path);
    if (!old) return;
    this.unlink(path, old.summary);
    this.files.delete(path);
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  /**
   * Runs `run` with a file the index does not hold (a workspace C++ file's own templates) in it,
   * then takes it out again: the index is as before when `run` returns or throws. A file it
   * holds is not replaced.
   */
  withFile<T>(path: string, facts: HeaderFacts, run: () => T): T {
    if (this.files.has(path)) return run();
    this.setFacts(path, facts);
    try {
      return run();
    } finally {
      this.removeFile(path);
    }
  }

  /** The `#include` lines of an indexed file. */
  includesOf(path: string): readonly string[] {
    return this.files.get(path)?.summary.includes ?? [];
  }

  /** The `#include` lines of an indexed file with the conditions around each. */
  includesWithConditions(path: string): { rel: string; cond: Condition }[] {
    const f = this.files.get(path)?.summary;
    return f ? f.includes.map((rel, i) => ({ rel, cond: f.includeConds[i] })) : [];
  }

  get fileCount(): number {
    return this.files.size;
  }

  /** Every declaration of a qualified name (`Catlass::Gemm::Tile::TileCopyTla`), in every file and arch. */
  lookup(qname: string): readonly Declared[] {
    const made = this.declared.get(qname);
    if (made) return made;
    const entries = this.names.get(qname);
    if (!entries) return [];
    // in the order a cold index of the same files has: by file, then declaration order
    const sorted = [...entries].sort((a, b) => this.files.get(a.file)!.seq - this.files.get(b.file)!.seq || a.at - b.at);
    const list = sorted.map(({ file, at }) => ({ file, decl: declAt(this.factsOf(file), this.files.get(file)!.summary.names[at][1]) }));
    this.declared.set(qname, list);
    return list;
  }

  /** The simple names of the constants declared directly in namespace `ns` ('' for the global one), made on first use since a file changed. */
  constantsIn(ns: string): readonly string[] {
    if (!this.byScope) {
      const byScope = new Map<string, Set<string>>();
      for (const f of this.files.values()) {
        for (const q of f.summary.constants ?? []) {
          const cut = q.lastIndexOf('::');
          const scope = cut < 0 ? '' : q.slice(0, cut);
          const set = byScope.get(scope) ?? new Set();
          byScope.set(scope, set.add(cut < 0 ? q : q.slice(cut + 2)));
        }
      }
      this.byScope = new Map([...byScope].map(([k, v]) => [k, [...v]]));
    }
    return this.byScope.get(ns) ?? [];
  }
  private byScope: Map<string, string[]> | undefined;

  /** Whether `qname` is a namespace some header opens (or a class scope that holds declarations). */
  isNamespace(qname: string): boolean {
    return this.namespaces.has(qname);
  }

  private factsOf(file: string): HeaderFacts {
    const e = this.files.get(file)!;
    if (!e.facts) {
      e.facts = e.decode!();
      e.decode = undefined;
    }
    return e.facts;
  }

  private put(path: string, entry: Omit<FileEntry, 'seq'>): void {
    const old = this.files.get(path);
    if (old) this.unlink(path, old.summary);
    this.byScope = undefined;
    this.files.set(path, { ...entry, seq: old?.seq ?? this.seq++ });
    entry.summary.names.forEach(([q], at) => {
      const list = this.names.get(q);
      if (list) list.push({ file: path, at });
      else this.names.set(q, [{ file: path, at }]);
      this.declared.delete(q);
    });
    for (const ns of entry.summary.namespaces) this.namespaces.set(ns, (this.namespaces.get(ns) ?? 0) + 1);
  }

  private unlink(path: string, summary: FactsSummary): void {
    this.byScope = undefined;
    for (const [q] of summary.names) {
      this.declared.delete(q);
      const list = this.names.get(q);
      const kept = list?.filter((e) => e.file !== path);
      if (kept?.length) this.names.set(q, kept);
      else this.names.delete(q);
    }
    for (const ns of summary.namespaces) {
      const n = (this.namespaces.get(ns) ?? 1) - 1;
      if (n > 0) this.namespaces.set(ns, n);
      else this.namespaces.delete(ns);
    }
  }
}

/** The declaration a summary's path leads to: a top-level declaration, then nested class members. */
function declAt(facts: HeaderFacts, path: readonly number[]): NamespaceDecl {
  let decl: NamespaceDecl = facts.decls[path[0]];
  for (let i = 1; i < path.length; i++) {
    const m = (decl as ClassDecl).members[path[i]];
    decl = (m as Extract<typeof m, { kind: 'class' }>).decl;
  }
  return decl;
}

/** The names a header's facts declare (a pure function of the facts: the parser thread runs it too). */
export function summarizeFacts(facts: HeaderFacts): FactsSummary {
  const names: [string, number[]][] = [];
  const constants: string[] = [];
  const namespaces = new Set<string>();
  facts.decls.forEach((decl, i) => {
    for (let k = 1; k <= decl.scope.length; k++) namespaces.add(decl.scope.slice(0, k).join('::'));
    if (decl.kind === 'usingNamespace') return void names.push([`${decl.scope.join('::')}::using namespace`, [i]]);
    names.push([qualify(decl.scope, decl.name), [i]]);
    if (decl.kind === 'const' && !decl.params) constants.push(qualify(decl.scope, decl.name));
    if (decl.kind === 'enum' && !decl.scoped) for (const x of decl.enumerators) names.push([qualify(decl.scope, x.name), [i]]);
    if (decl.kind === 'class') addNested(decl, [i], names);
  });
  return { names, constants, namespaces: [...namespaces], includes: facts.includes, includeConds: facts.includeConds };
}

const qualify = (scope: readonly string[], name: string) => (scope.length ? `${scope.join('::')}::${name}` : name);

/** Nested classes of a class, under the class's qualified name (nested enumerations are its members, not names). */
function addNested(c: ClassDecl, path: number[], names: [string, number[]][]): void {
  c.members.forEach((m, j) => {
    if (m.kind !== 'class') return;
    names.push([qualify(m.decl.scope, m.decl.name), [...path, j]]);
    addNested(m.decl, [...path, j], names);
  });
}

/** Whether the preprocessor conditions hold for the macros given (an unknown macro is 0, as in `#if`). */
export function conditionHolds(cond: Condition, macros: ReadonlyMap<string, bigint>): boolean {
  for (const c of cond) if (evalPreprocessor(c.text, macros) !== c.want) return false;
  return true;
}

/** A `#if` expression's value for the macros (an unknown macro is 0, as in `#if`): conditionals.ts's evaluator. */
function evalPreprocessor(text: string, macros: ReadonlyMap<string, bigint>): boolean {
  const { v } = evaluateCondition(conditionTokens(text), {
    defined: (name) => (macros.has(name) ? 1n : 0n),
    value: (name) => macros.get(name) ?? 0n,
    missing: 0n,
  });
  return v !== 0n;
}
