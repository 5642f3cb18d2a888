// What one C++ header declares, as the template resolver needs it: class templates (primary,
// partial and explicit specialisations, their parameter lists and defaults, the line of the
// `struct` keyword), member type aliases, static constexpr members, static_asserts, base
// classes, enumerations, namespace constants, alias and variable templates and constexpr
// functions of one `return`, each inside its namespaces and under the `#if` conditions that
// hold around it. A pure function of the text.
//
// Why our own scanner and not tree-sitter-cpp: Catlass's headers are full of function-like
// macros before declarations (CATLASS_DEVICE, CATLASS_HOST_DEVICE, ASCEND_IS_AIC) that
// tree-sitter-cpp reads as errors (269 of 314 headers have an ERROR node), and what we need is
// declarations at namespace and class level, which a bracket-aware scan of the tokens
// delimits exactly; function bodies are skipped whole.
import { lineStarts } from '../syntax';
import { ExprParser, Node, Tok, tokenizeHeader } from './cppExpr';

export interface TemplateParam {
  /** 'type' (class/typename), 'value' (a non-type parameter), 'template' (a template template parameter). */
  kind: 'type' | 'value' | 'template';
  name: string;
  valueType?: Node;
  def?: Node;
  pack: boolean;
}

/** The `#if` conditions that hold at a declaration: every `text` must evaluate to `want`. */
export type Condition = readonly { text: string; want: boolean }[];

export type Access = 'public' | 'private';

export type Member =
  | { kind: 'alias'; name: string; target: Node; params?: TemplateParam[]; access: Access; line: number; cond: Condition }
  | { kind: 'const'; name: string; type: Node; init: Node; initToks: Tok[]; access: Access; line: number; cond: Condition }
  | { kind: 'assert'; expr: Node; message: string; line: number; cond: Condition }
  /** A non-static data member: its type is instantiated with the class (it must be complete). */
  | { kind: 'field'; name: string; type: Node; line: number; cond: Condition }
  | { kind: 'class'; decl: ClassDecl; cond: Condition }
  | { kind: 'enum'; decl: EnumDecl; cond: Condition };

export interface ClassDecl {
  kind: 'class';
  name: string;
  /** Enclosing namespaces and classes, outermost first (`['Catlass', 'Gemm', 'Block']`). */
  scope: string[];
  /** Template parameters; undefined for a class that is not a template. */
  params?: TemplateParam[];
  /** A specialisation's arguments (`template <> struct X<A>` has params [] and specArgs [A]). */
  specArgs?: Node[];
  /** The specialisation's arguments as written, compacted (blanks only between two words). */
  specTexts?: string[];
  /** 1-based line of the `struct`/`class` keyword. */
  line: number;
  bases: Node[];
  members: Member[];
  /** A body was given (not only a declaration). */
  defined: boolean;
  /** Offsets of the body's `{` and `}` in the file (a body was given). */
  body?: { start: number; end: number };
  cond: Condition;
  /** The using-directives of the namespaces around it (`using namespace tla;`), qualified as written. */
  usings: string[];
}

export interface EnumDecl {
  kind: 'enum';
  name: string;
  scope: string[];
  enumerators: { name: string; init?: Node }[];
  scoped: boolean;
  line: number;
  cond: Condition;
}

export type NamespaceDecl =
  | ClassDecl
  | EnumDecl
  | { kind: 'alias'; name: string; scope: string[]; target: Node; params?: TemplateParam[]; line: number; cond: Condition; usings: string[] }
  | {
      kind: 'const';
      name: string;
      scope: string[];
      type: Node;
      init: Node;
      params?: TemplateParam[];
      line: number;
      cond: Condition;
      usings: string[];
    }
  | {
      kind: 'function';
      name: string;
      scope: string[];
      params?: TemplateParam[];
      args: string[];
      body: Node;
      line: number;
      cond: Condition;
      usings: string[];
    }
  | { kind: 'usingNamespace'; scope: string[]; target: string; cond: Condition };

export interface HeaderFacts {
  decls: NamespaceDecl[];
  includes: string[];
  /** The `#if` conditions around each of `includes` (same order). */
  includeConds: Condition[];
}

/** Facts of one header's text. */
export function headerFacts(text: string): HeaderFacts {
  const { toks, directives } = tokenizeHeader(text);
  const conds = conditionTable(directives);
  const lines = lineStarts(text, true);
  const s = new Scanner(toks, conds, lines);
  s.namespaceBody(0, toks.length, [], []);
  const includes: string[] = [];
  const includeConds: Condition[] = [];
  for (const d of directives) {
    const m = /^#\s*include\s*[<"]([^>"]+)[>"]/.exec(d.text);
    if (m) {
      includes.push(m[1]);
      includeConds.push(s.conditionOf(d.at));
    }
  }
  return { decls: s.decls, includes, includeConds };
}

/** The last index whose position (`at(i)`, ascending) is at or before `pos` (0 when none is). */
function lastAtOrBefore(n: number, pos: number, at: (i: number) => number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (at(mid) <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** From each directive on, the conditions that hold (a sorted table of offsets). */
function conditionTable(directives: { at: number; text: string }[]): { at: number; cond: Condition }[] {
  const table: { at: number; cond: Condition }[] = [{ at: 0, cond: [] }];
  const stack: { prior: string[]; current?: string }[] = [];
  const current = (): Condition => {
    const c: { text: string; want: boolean }[] = [];
    for (const f of stack) {
      for (const p of f.prior) c.push({ text: p, want: false });
      if (f.current !== undefined) c.push({ text: f.current, want: true });
    }
    return c;
  };
  for (const d of directives) {
    const m = /^#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)$/s.exec(d.text);
    if (!m) continue;
    const rest = m[2].replace(/\/\/.*$|\/\*.*?\*\//g, '').trim();
    if (m[1] === 'if') stack.push({ prior: [], current: rest });
    else if (m[1] === 'ifdef') stack.push({ prior: [], current: `defined(${rest})` });
    else if (m[1] === 'ifndef') stack.push({ prior: [], current: `!defined(${rest})` });
    else if (m[1] === 'elif' || m[1] === 'else') {
      const top = stack[stack.length - 1];
      if (!top) continue;
      if (top.current !== undefined) top.prior.push(top.current);
      top.current = m[1] === 'elif' ? rest : undefined;
    } else stack.pop();
    table.push({ at: d.at, cond: current() });
  }
  return table;
}

const CLOSE: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };

class Scanner {
  decls: NamespaceDecl[] = [];
  constructor(
    private readonly t: Tok[],
    private readonly conds: { at: number; cond: Condition }[],
    private readonly lines: number[],
  ) {}

  conditionOf(at: number): Condition {
    return this.condAt(at);
  }

  private condAt(at: number): Condition {
    return this.conds[lastAtOrBefore(this.conds.length, at, (k) => this.conds[k].at)].cond;
  }
  private line(i: number): number {
    return lastAtOrBefore(this.lines.length, this.t[i].at, (k) => this.lines[k]) + 1;
  }
  private is(i: number, text: string): boolean {
    const x = this.t[i];
    return !!x && x.k !== 'str' && x.t === text;
  }

  /** The index of the token closing the bracket at i (`(`, `[`, `{`; `<` counting only angle and round brackets). */
  private match(i: number, end: number): number {
    const open = this.t[i].t;
    const close = CLOSE[open];
    let d = 0;
    for (let j = i; j < end; j++) {
      const x = this.t[j];
      if (x.k !== 'p') continue;
      if (open === '<') {
        if (x.t === '(' || x.t === '[' || x.t === '{') j = this.match(j, end);
        else if (x.t === '<') d++;
        else if (x.t === '>' && --d === 0) return j;
        else if (x.t === ';' || x.t === '}') return end;
        continue;
      }
      if (x.t === open) d++;
      else if (x.t === close && --d === 0) return j;
    }
    return end;
  }

  /** The end of a declaration from i: after its `;` at depth 0, or after a body `{…}` (and a `;` right after it). */
  private skipDecl(i: number, end: number): number {
    // after a top-level `=`, braces are an initializer's (`= c ? size_t{4} : n;`), not a body
    let initializer = false;
    for (let j = i; j < end; j++) {
      const x = this.t[j];
      if (x.k !== 'p') continue;
      if (x.t === ';') return j + 1;
      if (x.t === '<' && this.is(j - 1, 'template')) j = this.match(j, end);
      else if (x.t === '=' && !this.is(j - 1, 'operator')) initializer = true;
      else if (x.t === '(' || x.t === '[' || (x.t === '{' && initializer)) j = this.match(j, end);
      else if (x.t === '{') {
        const c = this.match(j, end);
        return this.is(c + 1, ';') ? c + 2 : c + 1;
      } else if (x.t === '}') return j;
    }
    return end;
  }

  private semicolon(i: number, end: number): number {
    for (let j = i; j < end; j++) {
      const x = this.t[j];
      if (x.k !== 'p') continue;
      if (x.t === ';') return j;
      if (x.t === '(' || x.t === '[' || x.t === '{') j = this.match(j, end);
    }
    return end;
  }

  namespaceBody(i: number, end: number, scope: string[], usings: string[]): void {
    while (i < end) {
      const x = this.t[i];
      if (x.k === 'p' && (x.t === ';' || x.t === '}')) {
        i++;
        continue;
      }
      if (x.t === 'inline' && this.is(i + 1, 'namespace')) i++;
      if (this.is(i, 'namespace')) {
        let j = i + 1;
        const names: string[] = [];
        while (this.t[j]?.k === 'id' || this.is(j, '::')) {
          if (this.t[j].k === 'id' && this.t[j].t !== 'inline') names.push(this.t[j].t);
          j++;
        }
        if (this.is(j, '{')) {
          const c = this.match(j, end);
          this.namespaceBody(j + 1, c, [...scope, ...names], [...usings]);
          i = c + 1;
          continue;
        }
        i = this.skipDecl(i, end);
        continue;
      }
      if (this.is(i, 'extern') && this.t[i + 1]?.k === 'str' && this.is(i + 2, '{')) {
        const c = this.match(i + 2, end);
        this.namespaceBody(i + 3, c, scope, usings);
        i = c + 1;
        continue;
      }
      i = this.declaration(i, end, scope, usings, undefined);
    }
  }

  /** One declaration at namespace or class level (cls: the class whose body it is in); returns where the next starts. */
  private declaration(i: number, end: number, scope: string[], usings: string[], cls: { decl: ClassDecl; access: Access } | undefined): number {
    const start = i;
    const cond = this.condAt(this.t[i].at);
    let params: TemplateParam[] | undefined;
    if (this.is(i, 'template') && this.is(i + 1, '<')) {
      const c = this.match(i + 1, end);
      params = this.templateParams(i + 2, c);
      i = c + 1;
    }
    const head = this.t[i];
    if (!head) return end;
    if (head.t === 'using') return this.usingDecl(i, end, scope, usings, cls, params, cond);
    if (head.t === 'typedef') {
      const semi = this.semicolon(i, end);
      const name = this.t[semi - 1];
      if (name?.k === 'id' && !params) {
        const target = ExprParser.parse(this.t, i + 1, semi - 1);
        this.addAlias(cls, { name: name.t, target, line: this.line(i), cond }, scope, usings);
      }
      return semi + 1;
    }
    if (head.t === 'static_assert' && this.is(i + 1, '(')) {
      const c = this.match(i + 1, end);
      if (cls) this.staticAssert(i + 2, c, cls.decl, cond, this.line(i));
      return this.skipDecl(c, end);
    }
    if (head.t === 'struct' || head.t === 'class' || head.t === 'union') {
      const done = this.classDecl(i, end, scope, usings, params, cond, cls);
      if (done !== undefined) return done;
    }
    if (head.t === 'enum') return this.enumDecl(i, end, scope, cond, cls);
    if (cls && (head.t === 'public' || head.t === 'private' || head.t === 'protected') && this.is(i + 1, ':')) {
      cls.access = head.t === 'public' ? 'public' : 'private';
      return i + 2;
    }
    if (cls && head.t === 'friend') return this.skipDecl(i, end);
    return this.variableOrFunction(start, i, end, scope, usings, cls, params, cond);
  }

  private usingDecl(
    i: number,
    end: number,
    scope: string[],
    usings: string[],
    cls: { decl: ClassDecl; access: Access } | undefined,
    params: TemplateParam[] | undefined,
    cond: Condition,
  ): number {
    const semi = this.semicolon(i, end);
    if (this.is(i + 1, 'namespace')) {
      const target = this.t
        .slice(i + 2, semi)
        .map((x) => x.t)
        .join('');
      if (!cls) {
        usings.push(target);
        this.decls.push({ kind: 'usingNamespace', scope, target, cond });
      }
      return semi + 1;
    }
    if (this.t[i + 1]?.k === 'id' && this.is(i + 2, '=')) {
      const target = ExprParser.parse(this.t, i + 3, semi);
      this.addAlias(cls, { name: this.t[i + 1].t, target, params, line: this.line(i), cond }, scope, usings);
      return semi + 1;
    }
    // `using A::B;`: B names A::B here
    if (!cls && !params && this.t[semi - 1]?.k === 'id' && this.is(semi - 2, '::')) {
      const target = ExprParser.parse(this.t, i + 1, semi);
      this.decls.push({ kind: 'alias', name: this.t[semi - 1].t, scope, target, line: this.line(i), cond, usings: [...usings] });
    }
    return semi + 1;
  }

  private addAlias(
    cls: { decl: ClassDecl; access: Access } | undefined,
    a: { name: string; target: Node; params?: TemplateParam[]; line: number; cond: Condition },
    scope: string[],
    usings: string[],
  ): void {
    if (cls) cls.decl.members.push({ kind: 'alias', access: cls.access, ...a });
    else this.decls.push({ kind: 'alias', scope, usings: [...usings], ...a });
  }

  private staticAssert(from: number, to: number, cls: ClassDecl, cond: Condition, line: number): void {
    // the message is the last top-level argument when it is a string
    let comma = -1;
    for (let j = from; j < to; j++) {
      const x = this.t[j];
      if (x.k === 'p' && (x.t === '(' || x.t === '[' || x.t === '{')) j = this.match(j, to);
      else if (x.k === 'p' && x.t === '<') {
        const c = this.match(j, to);
        if (c < to) j = c;
      } else if (x.k === 'p' && x.t === ',') comma = j;
    }
    const hasMessage = comma >= 0 && this.t[comma + 1]?.k === 'str';
    const expr = ExprParser.parse(this.t, from, hasMessage ? comma : to);
    const message = hasMessage
      ? this.t
          .slice(comma + 1, to)
          .filter((x) => x.k === 'str')
          .map((x) => unquote(x.t))
          .join('')
      : '';
    cls.members.push({ kind: 'assert', expr, message, line, cond });
  }

  private templateParams(from: number, to: number): TemplateParam[] {
    const out: TemplateParam[] = [];
    for (const [a, b] of this.splitTopLevel(from, to)) {
      if (a >= b) continue;
      let eq = -1;
      for (let j = a; j < b; j++) {
        if (this.is(j, '<') || this.is(j, '(')) {
          const c = this.match(j, b);
          if (c < b) j = c;
        } else if (this.is(j, '=')) {
          eq = j;
          break;
        }
      }
      const declEnd = eq >= 0 ? eq : b;
      const def = eq >= 0 ? ExprParser.parse(this.t, eq + 1, b) : undefined;
      const pack = this.t.slice(a, declEnd).some((x) => x.t === '...');
      const last = this.t[declEnd - 1];
      const hasName = last?.k === 'id' && declEnd - 1 > a && !['class', 'typename', 'auto', 'int', 'bool'].includes(last.t);
      const name = hasName ? last.t : `$${out.length}`;
      const typeEnd = hasName ? declEnd - 1 : declEnd;
      const first = this.t[a].t;
      if (first === 'template') out.push({ kind: 'template', name, pack, def });
      else if (first === 'class' || first === 'typename') out.push({ kind: 'type', name, pack, def });
      else {
        const typeToks = this.t.slice(a, typeEnd).filter((x) => x.t !== '...');
        out.push({ kind: 'value', name, pack, def, valueType: ExprParser.parse(typeToks) });
      }
    }
    return out;
  }

  private splitTopLevel(from: number, to: number): [number, number][] {
    const out: [number, number][] = [];
    let a = from;
    for (let j = from; j < to; j++) {
      const x = this.t[j];
      if (x.k !== 'p') continue;
      if (x.t === '(' || x.t === '[' || x.t === '{' || x.t === '<') {
        const c = this.match(j, to);
        if (c < to) j = c;
      } else if (x.t === ',') {
        out.push([a, j]);
        a = j + 1;
      }
    }
    out.push([a, to]);
    return out;
  }

  private classDecl(
    i: number,
    end: number,
    scope: string[],
    usings: string[],
    params: TemplateParam[] | undefined,
    cond: Condition,
    outer: { decl: ClassDecl; access: Access } | undefined,
  ): number | undefined {
    const kw = i;
    let j = i + 1;
    while (this.is(j, '[') && this.is(j + 1, '[')) j = this.match(j, end) + 1; // attributes
    const nameTok = this.t[j];
    if (nameTok?.k !== 'id') return undefined;
    j++;
    let specArgs: Node[] | undefined;
    let specTexts: string[] | undefined;
    if (this.is(j, '<')) {
      const c = this.match(j, end);
      const parts = this.splitTopLevel(j + 1, c).filter(([a, b]) => a < b);
      specArgs = parts.map(([a, b]) => argNode(this.t, a, b));
      specTexts = parts.map(([a, b]) => compactText(this.t, a, b));
      j = c + 1;
    }
    if (this.is(j, 'final')) j++;
    const bases: Node[] = [];
    if (this.is(j, ':')) {
      let k = j + 1;
      while (k < end && !this.is(k, '{') && !this.is(k, ';')) k++;
      for (const [a, b] of this.splitTopLevel(j + 1, k)) {
        let s = a;
        while (s < b && ['public', 'private', 'protected', 'virtual'].includes(this.t[s].t)) s++;
        if (s < b) bases.push(ExprParser.parse(this.t, s, b));
      }
      j = k;
    }
    if (!this.is(j, '{') && !this.is(j, ';')) return undefined; // `struct X x = …`, an elaborated type
    const decl: ClassDecl = {
      kind: 'class',
      name: nameTok.t,
      scope,
      params,
      specArgs,
      specTexts,
      line: this.line(kw),
      bases,
      members: [],
      defined: this.is(j, '{'),
      cond,
      usings: [...usings],
    };
    if (outer) outer.decl.members.push({ kind: 'class', decl, cond });
    else this.decls.push(decl);
    if (!decl.defined) return j + 1;
    const c = this.match(j, end);
    decl.body = { start: this.t[j].at, end: this.t[c]?.end ?? this.t[end - 1].end };
    const body = { decl, access: (this.t[kw].t === 'class' ? 'private' : 'public') as Access };
    for (let k = j + 1; k < c;) {
      if (this.is(k, ';')) {
        k++;
        continue;
      }
      k = this.declaration(k, c, [...scope, nameTok.t], usings, body);
    }
    return this.is(c + 1, ';') ? c + 2 : this.skipDecl(c + 1, end);
  }

  private enumDecl(i: number, end: number, scope: string[], cond: Condition, cls: { decl: ClassDecl; access: Access } | undefined): number {
    let j = i + 1;
    const scoped = this.is(j, 'class') || this.is(j, 'struct');
    if (scoped) j++;
    const nameTok = this.t[j]?.k === 'id' ? this.t[j] : undefined;
    while (j < end && !this.is(j, '{') && !this.is(j, ';')) j++;
    if (!this.is(j, '{')) return j + 1;
    const c = this.match(j, end);
    const enumerators: EnumDecl['enumerators'] = [];
    for (const [a, b] of this.splitTopLevel(j + 1, c)) {
      if (a >= b || this.t[a].k !== 'id') continue;
      enumerators.push({ name: this.t[a].t, init: this.is(a + 1, '=') ? ExprParser.parse(this.t, a + 2, b) : undefined });
    }
    const decl: EnumDecl = { kind: 'enum', name: nameTok?.t ?? '', scope, enumerators, scoped, line: this.line(i), cond };
    if (cls) cls.decl.members.push({ kind: 'enum', decl, cond });
    else this.decls.push(decl);
    return this.is(c + 1, ';') ? c + 2 : c + 1;
  }

  /** `Type name;`, `Type name[N];`, `Type name{…};` in a class body (not a function: no `(` before the name). */
  private field(j: number, next: number, cls: ClassDecl, cond: Condition): void {
    let k = j;
    for (; k < next; k++) {
      const x = this.t[k];
      if (x.k === 'id' && NOT_FIELD.has(x.t)) return;
      if (x.k !== 'p') continue;
      if (x.t === '(' || x.t === '~') return;
      if (x.t === ';' || x.t === '[' || x.t === '=' || x.t === '{') break;
      if (x.t === '<') {
        const c = this.match(k, next);
        if (c < next) k = c;
      }
    }
    const nameTok = this.t[k - 1];
    if (nameTok?.k !== 'id' || k - 1 <= j || k >= next) return;
    const type = ExprParser.parse(this.t, j, k - 1);
    if (type.n !== 'bad') cls.members.push({ kind: 'field', name: nameTok.t, type, line: this.line(j), cond });
  }

  /** `static constexpr T X = init;`, a namespace constant, a variable template, a constexpr function of one `return`; anything else is skipped. */
  private variableOrFunction(
    start: number,
    i: number,
    end: number,
    scope: string[],
    usings: string[],
    cls: { decl: ClassDecl; access: Access } | undefined,
    params: TemplateParam[] | undefined,
    cond: Condition,
  ): number {
    const next = this.skipDecl(start, end);
    let j = i;
    let isConstexpr = false;
    while (['static', 'constexpr', 'inline', 'const', 'CATLASS_HOST_DEVICE', 'CATLASS_DEVICE', 'CATLASS_GLOBAL'].includes(this.t[j]?.t)) {
      if (this.t[j].t === 'constexpr' || this.t[j].t === 'const') isConstexpr = true;
      j++;
    }
    if (!isConstexpr) {
      if (cls && !this.t.slice(i, j).some((x) => x.t === 'static')) this.field(j, next, cls.decl, cond);
      return next;
    }
    // the declarator: the name before `=`, `{` or `(`
    let k = j;
    for (; k < next; k++) {
      const x = this.t[k];
      if (x.k === 'p' && (x.t === '=' || x.t === '(' || x.t === '{' || x.t === ';' || x.t === '[')) break;
      if (x.k === 'p' && x.t === '<') {
        const c = this.match(k, next);
        if (c < next) k = c;
      }
    }
    const nameTok = this.t[k - 1];
    if (nameTok?.k !== 'id' || k - 1 <= j || this.is(k, '[')) return next;
    const type = ExprParser.parse(this.t, j, k - 1);
    const line = this.line(i);
    if (this.is(k, '(')) {
      // a constexpr function: `{ return EXPR; }`
      const c = this.match(k, next);
      const args = this.splitTopLevel(k + 1, c)
        .filter(([a, b]) => a < b)
        .map(([, b]) => this.t[b - 1].t);
      let body = c + 1;
      while (body < next && !this.is(body, '{')) body++;
      if (this.is(body + 1, 'return') && !cls) {
        const semi = this.semicolon(body + 2, next);
        if (this.is(semi + 1, '}'))
          this.decls.push({
            kind: 'function',
            name: nameTok.t,
            scope,
            params,
            args,
            body: ExprParser.parse(this.t, body + 2, semi),
            line,
            cond,
            usings: [...usings],
          });
      }
      return next;
    }
    let initFrom = k + 1;
    let initTo = next - 1;
    if (this.is(k, '{')) {
      initFrom = k + 1;
      initTo = this.match(k, next);
    }
    if (this.is(k, ';')) return next;
    const initToks = this.t.slice(initFrom, initTo);
    const init = ExprParser.parse(this.t, initFrom, initTo);
    if (cls) {
      if (this.t.slice(i, j).some((x) => x.t === 'static'))
        cls.decl.members.push({ kind: 'const', name: nameTok.t, type, init, initToks, access: cls.access, line, cond });
    } else this.decls.push({ kind: 'const', name: nameTok.t, scope, type, init, params, line, cond, usings: [...usings] });
    return next;
  }
}

const NOT_FIELD = new Set(['operator', 'typedef', 'friend', 'using', 'template', 'return', 'if', 'for', 'while', 'static']);

/** A template argument of a specialisation: `T...` as a pack. */
function argNode(t: Tok[], a: number, b: number): Node {
  return ExprParser.parseArg(t, a, b);
}

/** Tokens as text, a blank only between two words. */
export function compactText(t: readonly Tok[], a: number, b: number): string {
  let s = '';
  for (let i = a; i < b; i++) {
    const word = t[i].k === 'id' || t[i].k === 'num';
    if (i > a && word && (t[i - 1].k === 'id' || t[i - 1].k === 'num')) s += ' ';
    s += t[i].t;
  }
  return s;
}

function unquote(s: string): string {
  return s.slice(1, -1).replace(/\\n/g, '\n').replace(/\\(.)/g, '$1');
}
