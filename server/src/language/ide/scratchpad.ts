// "TLA: Open in layout scratchpad": the TLA expression at an offset of a C++ file (or a
// .tla one), with the constants, aliases and layout variables it uses, as a `.tla` document.
import * as core from '../../core';
import { Analyzer } from '../analysis';
import type { DocumentAnalysis, StatementAnalysis } from '../analysis';
import { Ast } from '../syntax';
import { BUILTIN_BY_NAME, ELEMENT_TYPES, INTEGER_TYPES, SUPPORTED_TAGS } from '../syntax';
import { FOUND_IN, printValue, unqualifiedName } from '../eval';
import type { Binding } from '../eval';
import type { InstanceView } from './templateValues';
import { declarationSpan, statementAt } from '../analysis';
import { loopOf } from '../cpp';
import { TemplateParameter, literalDefault, templateParameterOf } from './templateParameters';

/** The document a scratchpad is made from: its analysis, text, uri and kind. */
export interface ScratchpadSource {
  /** A C++ file's analysis also has its `#if CATLASS_ARCH == …` regions. */
  analysis: DocumentAnalysis & { archs?: readonly { start: number; end: number; arch: number }[] };
  text: string;
  uri: string;
  cpp: boolean;
  /** The instantiation a class template body of the document is read under (its values and types, where it names the site). */
  instance?: Pick<InstanceView, 'start' | 'end' | 'site'> & { bindings: ReadonlyMap<string, Binding> };
  /** The workspace's instantiations of the document's templates are still being found (none read here yet). */
  instancesPending?: boolean;
}

/** The scratchpad's text (null with the reason when there is none) and a title for its tab. */
export interface Scratchpad {
  text: string | null;
  reason: string | null;
  title?: string;
  fileName?: string;
}

/** The source text of a statement's expression (without our `;`/wrapping). */
function exprText(s: StatementAnalysis): string {
  const st = s.statement;
  const e = st && (st.type === 'decl' || st.type === 'expr') ? st.expr : undefined;
  return e ? s.chunk.text.slice(e.start, e.end) : s.chunk.text;
}

/** `MatrixCoord offset{r, c}`, `layout::zN tagB(k, n)`: a C++ declaration the language reads as it is (its expression is the whole of it). */
function declaresItself(s: StatementAnalysis): string | undefined {
  const st = s.statement;
  return st?.type === 'decl' && st.declType && st.declType !== 'auto' && st.expr.start <= st.nameSpan.start ? st.name : undefined;
}

const withSemicolon = (t: string) => (t.trim().endsWith(';') ? t.trim() : `${t.trim()};`);

const tlaName = (n: string) => n.replace(/[^A-Za-z0-9_]+/g, '_');

/** What a name read by the kernel line must be in the scratchpad: what the place it is read at takes. */
type Role = 'integer' | 'layout' | 'buffer' | 'tensor';
interface Read {
  name: string;
  role: Role;
  /** Read as a call without arguments (`blockCoord.k()`): its placeholder replaces the call. */
  called: boolean;
  /** Called with arguments (`L1AP_LAYOUT(coord)`): copied when the kernel declares it, never placeheld (it may be a function). */
  callee?: boolean;
}

/** A builtin's parameter as its signature names it (`MakeTensor(buffer, layout, position)`) → the role of what is passed there. */
function paramRole(callee: string, arity: number, index: number): Role {
  const f = BUILTIN_BY_NAME.get(callee);
  const sig = f?.signatures.find((x) => x.params.length === arity) ?? f?.signatures[0];
  const p = sig?.params[index] ?? '';
  return p === 'buffer' ? 'buffer' : p === 'layout' ? 'layout' : p === 'tensor' || p === 'like' ? 'tensor' : 'integer';
}

/** The member functions of a tensor (`t.layout()`, `t.coord()`): reading one reads the tensor. */
const TENSOR_MEMBERS = new Set(['layout', 'coord', 'data']);
/** The type forms whose template arguments are integers (`Int<L1_TILE_K>`). */
const INTEGER_FORMS = new Set(['Int', 'C']);

/** Every name an expression reads (`m`, `params.k`, `layoutA`, the `L1_TILE_K` of `Int<L1_TILE_K>`), in source order, with its role. */
function readsIn(node: unknown, role: Role = 'integer', out: Read[] = [], called = false): Read[] {
  if (!node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const x of node) readsIn(x, role, out);
    return out;
  }
  const add = (name: string, r: Role, c: boolean, callee = false) => {
    if (!out.some((x) => x.name === name)) out.push({ name, role: r, called: c, ...(callee ? { callee } : {}) });
  };
  const n = node as Ast.Expr | Ast.TypeArg;
  switch (n.type) {
    case 'name':
      add(n.name, role, called);
      return out;
    case 'member': {
      // `params.k`: the member chain is the name a kernel reads; `t.layout()` reads the tensor t
      const path = Ast.memberPath(n);
      if (path && called && TENSOR_MEMBERS.has(n.name)) return readsIn(n.target, 'tensor', out);
      if (path) add(path, role, called);
      else readsIn(n.target, role, out);
      return out;
    }
    case 'apply':
      // `blockCoord.k()` is an integer read through a call; `layout(coord)` calls a layout
      if (n.args.length === 0) readsIn(n.target, role, out, true);
      else readsIn(n.target, 'layout', out);
      readsIn(n.args, 'integer', out);
      return out;
    case 'index':
      readsIn(n.target, 'buffer', out);
      readsIn(n.index, 'integer', out);
      return out;
    case 'call':
      // `AscendC::GetSubBlockIdx()`: a runtime call the language does not know is a value to set
      if (!BUILTIN_BY_NAME.has(n.callee) && n.args.length === 0 && !n.templateArgs) {
        add(n.callee, role, true);
        return out;
      }
      // `L1AP_LAYOUT(tla::MakeCoord(r, c))`: a kernel's layout called with a coordinate reads the layout (a function it is not)
      if (!BUILTIN_BY_NAME.has(n.callee) && n.args.length > 0) add(n.callee, 'layout', false, true);
      n.args.forEach((x, i) => readsIn(x, paramRole(n.callee, n.args.length, i), out));
      readsIn(n.templateArgs, 'integer', out);
      return out;
    case 'typeInstance':
      readsIn(n.typeArg, 'integer', out);
      readsIn(n.args, 'integer', out);
      return out;
    case 'typeArg':
      // a bare name in `Int<…>` is an integer constant; elsewhere a type (resolveTypeNames)
      if (INTEGER_FORMS.has(n.name)) for (const x of n.args ?? []) if (x.type === 'typeArg' && !x.args) add(x.name, 'integer', false);
      readsIn(n.args, 'integer', out);
      return out;
  }
  for (const [k, v] of Object.entries(node)) if (k !== 'nameSpan' && k !== 'calleeSpan') readsIn(v, 'integer', out);
  return out;
}

/** The names whose C++ lookup the kernel's evaluation reads (`unqualified MakeCoord`: where it stops), by key. */
const LOOKUPS = new Map(['MakeCoord', 'Coord', 'detail'].map((n) => [unqualifiedName(n), n]));

/** The names a statement reads: those written in it and those the evaluation read (`Alias{}`), not the file's settings nor its lookups. */
function readsOf(s: StatementAnalysis): Read[] {
  const out = readsIn(s.statement);
  for (const d of s.result?.dependencies ?? []) {
    if (d === 'CATLASS_ARCH' || d.startsWith('using namespace ') || LOOKUPS.has(d) || out.some((x) => x.name === d)) continue;
    out.push({ name: d, role: 'integer', called: false });
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Replaces the name `from` (not part of a longer name) by `to`. */
const rename = (text: string, from: string, to: string) =>
  from === to ? text : text.replace(new RegExp(`(?<![\\w.:])${escape(from)}(?![\\w])`, 'g'), to);

/** The scratchpad of the expression at `offset` (on line `line`, counted from 0, for its title). */
export function scratchpadAt(doc: ScratchpadSource, offset: number, line: number): Scratchpad {
  const a = doc.analysis;
  // C++: the cursor on the declared name (`auto tensorX = MakeTensor(…)`, on tensorX) takes its initializer
  const onName = [...a.declarations.values()].find((d) => {
    const span = declarationSpan(a, d);
    return span.start <= offset && offset <= span.end;
  });
  const target = statementAt(a, offset) ?? onName?.statement;
  if (!target?.result) return { text: null, reason: 'place the cursor on a TLA expression (MakeLayout…, GetTileLayout, crd2offset, a layout call)' };

  const file = doc.uri.slice(doc.uri.lastIndexOf('/') + 1);
  const where = `${file}:${line + 1}`;
  // the first line names the kernel line: VS Code names an untitled document's tab after it
  const head: string[] = [`// ${where}`, `// a scratchpad of ${doc.uri}`, 'using namespace tla;', ''];
  const inst = doc.instance && doc.instance.start <= offset && offset < doc.instance.end ? doc.instance : undefined;
  // (the scratchpad is the user's to edit: it is not rewritten when the instantiation arrives, it says what it was made with)
  if (!inst && doc.instancesPending)
    head.splice(
      2,
      0,
      "// made while the workspace's instantiations of this file's templates were still being found: the placeholders below",
      "// are not an instantiation's values; open the scratchpad again once the hover names an instantiation",
    );
  const body: string[] = [];
  const done = new Set<string>();
  const free = new Map<string, Read>();
  const renames = new Map<string, string>();
  const calls = new Set<string>();

  /** The statement a C++ variable is initialised with, even when it has no value (e.g. an unknown element type). */
  const boundStatement = (name: string): StatementAnalysis | undefined => {
    const d = a.declarations.get(name);
    if (d) return d.statement;
    if (!doc.cpp) return undefined;
    for (const m of doc.text.matchAll(new RegExp(`(?<![\\w.:])${escape(name)}\\s*=\\s*`, 'g'))) {
      const at = m.index! + m[0].length;
      const st = a.statements.find((x) => a.startOf(x) === at);
      if (st && st !== target) return st;
    }
    return undefined;
  };
  // Each statement after the ones it depends on, depth first. With an explicit stack, not
  // recursion: an alias chain of thousands of `using X1 = X0;` is as deep as it is long.
  const emitted: StatementAnalysis[] = [];
  const emitStatement = (root: StatementAnalysis) => {
    emitted.push(root);
    const stack: { s: StatementAnalysis; asName?: string; names: Read[]; next: number }[] = [{ s: root, names: readsOf(root), next: 0 }];
    while (stack.length) {
      const top = stack[stack.length - 1];
      if (top.next >= top.names.length) {
        stack.pop();
        // a kernel's `using E = half;` and `AscendC::GlobalTensor<E> gm;` are statements of the language as they are
        const kind = top.s.statement?.type;
        if (top.asName && (kind === 'alias' || kind === 'declare' || declaresItself(top.s))) body.push(withSemicolon(top.s.chunk.text));
        else if (top.asName) body.push(`auto ${tlaName(top.asName)} = ${exprText(top.s)};`);
        continue;
      }
      let read = top.names[top.next++];
      // `alignedTileShape.row()` of a coord the kernel declares reads the coord (its member stays as written)
      const root = /^\w+/.exec(read.name)?.[0] ?? read.name;
      if (root !== read.name && (a.declarations.has(root) || inst?.bindings.has(root) || boundStatement(root)))
        read = { name: root, role: 'integer', called: false };
      const name = read.name;
      if (read.called) calls.add(name);
      if (done.has(name)) continue;
      done.add(name);
      if (tlaName(name) !== name) renames.set(name, tlaName(name));
      const d = a.declarations.get(name);
      // a constant: its value (a kernel's constexpr, or a declaration that evaluated to an integer)
      if (d?.value?.kind === 'int' && !core.isSymbolic(d.value)) {
        const at = a.startOf(d.statement);
        const note = inst && inst.start <= at && at < inst.end ? ` // ${instantiated(inst)}` : '';
        body.push(`auto ${tlaName(name)} = ${core.printIntTuple(d.value)};${note}`);
        continue;
      }
      const bound = instanceValue(inst, name);
      if (bound?.kind === 'int' && !core.isSymbolic(bound)) {
        body.push(`auto ${tlaName(name)} = ${core.printIntTuple(bound)}; // ${instantiated(inst!)}`);
        continue;
      }
      if (bound?.kind === 'type') continue; // written as what the instantiation gives (resolveTypeNames)
      const st = boundStatement(name);
      // an alias of a type the kernel does not determine (`using ElementA = ElementA_;`): a type placeholder (resolveTypeNames), not an integer
      if (st?.statement?.type === 'alias' && !st.result?.value) continue;
      if (st && st !== top.s && a.startOf(st) < a.startOf(top.s) + top.s.chunk.text.length) {
        emitted.push(st);
        stack.push({ s: st, asName: name, names: readsOf(st), next: 0 });
      } else if (!free.has(name) && !read.callee) free.set(name, read);
    }
  };
  emitStatement(target);
  // what the kernel cannot know (runtime values, template-dependent constants, a layout or buffer passed in): a placeholder to set
  const freeLines = [...free.values()]
    .sort((x, y) => (x.name < y.name ? -1 : 1))
    .flatMap((r) => placeholderFor(doc.text, r, inst ? undefined : templateParameterOf(doc.text, r.name, offset)));
  head.push(...lookupsOf(emitted, where));
  const value = target.result.value ? `  // ${printValue(target.result.value)}` : '';
  const declared = declaresItself(target);
  // the kernel's variable declared as the kernel does, then printed: Show Layout pictures it by its name
  const variable = target.declaredName ? undefined : [...a.declarations.values()].find((d) => d.statement === target)?.name;
  if (declared) body.push(withSemicolon(target.chunk.text), `print(${declared});${value}`);
  else if (variable && /^\w+$/.test(variable)) body.push(`auto ${variable} = ${exprText(target)};`, `print(${variable});${value}`);
  else body.push(`print(${exprText(target)});${value}`);
  // a site in an `#if CATLASS_ARCH == 3510` region (MakeMxScaleLayout, fp4) is evaluated for that architecture
  const arch = a.archs?.find((r) => r.start <= offset && offset < r.end)?.arch;
  if (arch !== undefined) head.splice(2, 0, `#define CATLASS_ARCH ${arch} // as in the kernel's #if at this line`);
  const lines = [...freeLines, ...body];
  // element types and tags named through C++ aliases or template parameters: resolved, or a placeholder to set
  const typeNotes = resolveTypeNames(doc.text, lines, inst);
  // the code is renamed, not the comments (they quote the kernel)
  for (let i = 0; i < lines.length; i++) {
    const cut = lines[i].indexOf('//');
    let code = cut < 0 ? lines[i] : lines[i].slice(0, cut);
    for (const c of calls) code = dropCall(code, c, tlaName(c));
    for (const [from, to] of renames) code = rename(code, from, to);
    lines[i] = cut < 0 ? code : code + lines[i].slice(cut);
  }
  const out = [...head, ...typeNotes, ...lines, ''].join('\n');
  return { text: out, reason: null, title: where, fileName: `${file}-L${line + 1}.tla` };
}

/** A name's value under the workspace's instantiation, unless its sites differ on it. */
const instanceValue = (inst: Instance | undefined, name: string) => inst?.bindings.get(name)?.value;

/** Where a value of the workspace's instantiation comes from: its site. */
const instantiated = (inst: Instance) => `as instantiated at ${inst.site.where}`;

/** `blockCoord.k()` → `blockCoord_k`: the placeholder of a value read through a call stands for the call. */
const dropCall = (text: string, from: string, to: string) =>
  text.replace(new RegExp(`(?<![\\w.:])(?:\\w+::)*${escape(from)}\\s*\\(\\s*\\)`, 'g'), to);

/**
 * What the kernel's lookup of an unqualified MakeCoord, Coord or detail found at the statements the
 * scratchpad copies, carried over: inside `namespace Catlass…` (or after `using Catlass::MakeCoord;`)
 * Catlass's is found, which a scratchpad's `using namespace Catlass;` finds too.
 */
function lookupsOf(statements: readonly StatementAnalysis[], where: string): string[] {
  const found = new Set<string>();
  for (const s of statements)
    for (const [key, b] of s.reads ?? []) {
      const name = LOOKUPS.get(key);
      if (name && (b === FOUND_IN.Catlass || b === FOUND_IN.CatlassDeclared || b === FOUND_IN.both)) found.add(name);
    }
  if (!found.size) return [];
  const names = [...found].join(', ');
  return [
    `using namespace Catlass; // at ${where} the kernel's unqualified ${names} finds Catlass's (its namespace or a using-declaration): so does this one`,
  ];
}

/** A kernel's integer template parameter (no instantiation read): its default, said so, else a symbol to set. */
function templateParameterLine(n: string, name: string, p: TemplateParameter): string {
  const value = literalDefault(p);
  if (value !== undefined)
    return `${p.type} ${n} = ${value}; // '${name}' is a template parameter of the kernel: its default (no instantiation read here) — set another here`;
  const why = p.default !== undefined ? `its default is ${p.default}` : 'without a default, no instantiation read here';
  return `${p.type} ${n}; // '${name}' is a template parameter of the kernel (${why}): set its value here`;
}

/** The placeholder declaration(s) of a name the kernel line reads and the kernel does not determine, by what it must be. */
function placeholderFor(cpp: string, r: Read, templateParameter?: TemplateParameter): string[] {
  const n = tlaName(r.name);
  const why = whyUnknown(cpp, r.name);
  switch (r.role) {
    case 'integer': {
      if (templateParameter) return [templateParameterLine(n, r.name, templateParameter)];
      const type = declaredIntegerType(cpp, r.name) ?? 'auto';
      // a loop's index: its first value (128 would put a tile past the end: an empty tile)
      const loop = /^\w+$/.test(r.name) ? loopOf(cpp, r.name) : undefined;
      const start = loop && /^\d+[uU]?$/.test(loop.start) ? loop.start.replace(/[uU]$/, '') : undefined;
      if (start !== undefined)
        return [
          `${type} ${n} = ${start}; // '${r.name}' is the kernel's loop index (${r.name} ${loop!.inclusive ? '<=' : '<'} ${loop!.end}): its first value — set another here`,
        ];
      const first = firstValueOf(cpp, r.name);
      if (first) return [`${type} ${n} = ${first.value}; // placeholder: ${first.why} — set another here`];
      return [`${type} ${n} = 128; // ${why}: set its value here`];
    }
    case 'buffer': {
      const [storage, element] = bufferTypeOf(cpp, r.name);
      return [`AscendC::${storage}<${element}> ${n}; // '${r.name}' is a buffer of the kernel: set its element type here`];
    }
    case 'layout':
      return [
        `uint32_t ${n}_rows; // '${r.name}' is a layout the kernel does not determine: a RowMajor layout of`,
        `uint32_t ${n}_cols; // symbolic rows × cols put in its place — set its tag and extents here`,
        `auto ${n} = MakeLayout<half, RowMajor>(${n}_rows, ${n}_cols);`,
      ];
    case 'tensor':
      return [
        `AscendC::GlobalTensor<half> ${n}_buffer; // '${r.name}' is a tensor the kernel does not determine (a parameter?):`,
        `uint32_t ${n}_rows; // a RowMajor tensor of half in GM, of symbolic rows × cols, put in its place — set them here`,
        `uint32_t ${n}_cols;`,
        `auto ${n} = MakeTensor(${n}_buffer, MakeLayout<half, RowMajor>(${n}_rows, ${n}_cols), Arch::PositionGM{});`,
      ];
  }
}

/**
 * A placeholder that puts the line's tile where the kernel starts, not past the end of its parent: a field's
 * literal initialiser (`uint32_t l1AListId{0};`), 0 for an array's index (`l1ATensorList[l1AListId]`, an
 * array of a few stages) and for a block coordinate (`blockCoord.k()`: the first block).
 */
function firstValueOf(cpp: string, name: string): { value: string; why: string } | undefined {
  const e = escape(name);
  if (/^\w+$/.test(name)) {
    const init = new RegExp(`\\b(?:${INTEGER_TYPES.join('|')})\\s+${e}\\s*(?:\\{\\s*(\\d+)[uU]?\\s*\\}|=\\s*(\\d+)[uU]?\\s*;)`).exec(cpp);
    if (init)
      return { value: init[1] ?? init[2], why: `'${name}' is initialised to ${init[1] ?? init[2]} in the kernel (it may change at run time)` };
    const indexed = new RegExp(`(\\w+)\\s*\\[\\s*${e}\\s*\\]`).exec(cpp);
    if (indexed) return { value: '0', why: `'${name}' indexes an array of the kernel (${indexed[1]}[${name}]): its first element` };
  }
  if (/coord/i.test(name.split('.')[0])) return { value: '0', why: `'${name}' is a block coordinate: the first block` };
  return undefined;
}

/** The integer type a kernel declares a name with (`uint32_t mActual = …`, a parameter `uint32_t k`), when the language has it. */
function declaredIntegerType(cpp: string, name: string): string | undefined {
  if (!/^\w+$/.test(name)) return undefined; // a member (`params.k`): its struct's declaration is not in view
  const m = new RegExp(`\\b(${INTEGER_TYPES.join('|')})\\s+(?:const\\s+)?(?:&\\s*)?${escape(name)}\\s*[=;,){]`).exec(cpp);
  return m?.[1];
}

/** The storage and element type a kernel declares a buffer (or an array of buffers) with: `AscendC::LocalTensor<ElementA> l1ATensorList[STAGES];`. */
function bufferTypeOf(cpp: string, name: string): [string, string] {
  const last = name.slice(name.search(/[\w]+$/));
  const m = new RegExp(`\\b(GlobalTensor|LocalTensor)\\s*<\\s*([\\w:]+)\\s*>\\s*(?:&\\s*)?${escape(last)}\\b`).exec(cpp);
  return m ? [m[1], m[2]] : ['GlobalTensor', 'half'];
}

const TAGS = new Set(SUPPORTED_TAGS);
const ELEMENTS = new Set(ELEMENT_TYPES);
const lastPart = (t: string) => t.slice(t.lastIndexOf(':') + 1);

/** `using ElementA = half;`, `typedef Catlass::layout::RowMajor LayoutTagA;`: aliases of element types and tags, chased. */
function typeAliases(cpp: string): Map<string, string> {
  const raw = new Map<string, string>();
  for (const m of cpp.matchAll(/\busing\s+([A-Za-z_]\w*)\s*=\s*(?:typename\s+)?([A-Za-z_][\w:]*)\s*;/g)) raw.set(m[1], m[2]);
  for (const m of cpp.matchAll(/\btypedef\s+([A-Za-z_][\w:]*)\s+([A-Za-z_]\w*)\s*;/g)) raw.set(m[2], m[1]);
  const out = new Map<string, string>();
  for (const name of raw.keys()) {
    let t = name;
    for (let hop = 0; hop < 8 && raw.has(t); hop++) t = raw.get(t)!;
    const last = lastPart(t);
    if (ELEMENTS.has(last) || TAGS.has(last)) out.set(name, t === last ? t : t);
  }
  return out;
}

/** What each template argument of a form is, by position: `MakeLayout<Element, Tag>`, `GlobalTensor<Element>`, `MakeTensorLike<Tag, ElementDst>`. */
function typeArgKind(form: string, k: number): 'element' | 'tag' | undefined {
  if (form === 'MakeTensorLike') return k === 0 ? 'tag' : k === 1 ? 'element' : undefined;
  if (form === 'GlobalTensor' || form === 'LocalTensor') return k === 0 ? 'element' : undefined;
  return k === 0 ? 'element' : (form === 'MakeLayout' || form === 'MakeMxScaleLayout') && k === 1 ? 'tag' : undefined;
}

type Instance = NonNullable<ScratchpadSource['instance']>;

/** The placeholder of a tag the kernel does not determine: zN for an L1 tile's (what Catlass's L1 type selectors pick for a row-major matrix), else RowMajor. */
function tagPlaceholder(name: string): { tag: string; why: string } {
  return /L1/.test(name)
    ? {
        tag: 'zN',
        why: "zN put in its place (Catlass's L1ATypeSelector/L1BTypeSelector give zN for a row-major or zN matrix in GM, nZ for a column-major one)",
      }
    : { tag: 'RowMajor', why: 'RowMajor put in its place' };
}

/** The placeholder of an element type the kernel does not determine: the one MakeMxScaleLayout takes, else half. */
const elementPlaceholder = (form: string) =>
  form === 'MakeMxScaleLayout'
    ? { tag: 'float8_e8m0_t', why: 'float8_e8m0_t (the one element type MakeMxScaleLayout takes) put in its place' }
    : { tag: 'half', why: 'half put in its place' };

/**
 * Rewrites the type arguments of MakeLayout…<…>, GlobalTensor<…>, LocalTensor<…> and
 * MakeTensorLike<…> in `body` (in place) so that the scratchpad evaluates: an alias is replaced
 * by what it names, a type the workspace's instantiation gives by that type, an unknown element
 * type or tag (a kernel's template parameter) by a placeholder; returns the comment lines that say so.
 */
function resolveTypeNames(cpp: string, body: string[], inst: Instance | undefined): string[] {
  const aliases = typeAliases(cpp);
  const notes = new Map<string, string>();
  const resolve = (a: string, want: 'element' | 'tag', form: string): string => {
    const known = want === 'element' ? ELEMENTS.has(lastPart(a)) : TAGS.has(lastPart(a));
    if (known) return a;
    const alias = aliases.get(a);
    if (alias) {
      notes.set(a, `// ${a} is ${alias} in the kernel (\`using ${a} = ${alias};\`)`);
      return alias;
    }
    const t = instanceValue(inst, a);
    if (t?.kind === 'type' && t.type.t === want) {
      notes.set(a, `// ${a} is ${t.type.name} ${instantiated(inst!)}`);
      return t.type.name;
    }
    if (!/^[A-Za-z_][\w:]*$/.test(a)) return a;
    const { tag, why } = want === 'element' ? elementPlaceholder(form) : tagPlaceholder(form === 'MakeMxScaleLayout' ? '' : a);
    notes.set(
      a,
      `// ${a} is not known in the kernel (a template parameter?): ${why} — set the ${want === 'element' ? 'element type' : 'layout tag'} here`,
    );
    return tag;
  };
  for (let i = 0; i < body.length; i++) {
    body[i] = body[i].replace(
      /\b(MakeLayout\w*|MakeMxScaleLayout|GlobalTensor|LocalTensor|MakeTensorLike)\s*<([^<>;()]*)>/g,
      (whole, form: string, args: string) => {
        const fixed = args.split(',').map((a, k) => {
          const want = typeArgKind(form, k);
          return want ? resolve(a.trim(), want, form) : a.trim();
        });
        return `${form}<${fixed.join(', ')}>`;
      },
    );
  }
  return [...notes.values()];
}

/** Whether a scratchpad text evaluates without errors (for the tests and the reason shown). */
export function scratchpadErrors(text: string): string[] {
  return new Analyzer()
    .analyze(text)
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.code}: ${d.message}`);
}

/**
 * Why a name the expression reads has no value in the kernel: a `constexpr` whose value only an
 * instantiation fixes (it is computed from a template parameter), or a runtime value.
 */
function whyUnknown(cpp: string, name: string): string {
  const last = name.slice(name.lastIndexOf('.') + 1);
  const constexprDecl = new RegExp(`\\bconstexpr\\b[^;={}]*\\b${last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*[={]`);
  return constexprDecl.test(cpp)
    ? `'${name}' is constexpr in the kernel, but its value depends on a template parameter (an instantiation fixes it)`
    : `'${name}' is not a compile-time constant in the kernel`;
}
