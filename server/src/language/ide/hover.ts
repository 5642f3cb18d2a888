// Hover: what a layout, a tuple, a tensor or a coordinate is, and how an offset was computed.
import * as core from '../../core';
import { MAX_HOVER_CHARS, MAX_SYMBOLIC_CHARS, MAX_SYMBOLIC_TERMS } from '../../core/limits';
import { bindingOf, declarationSpan, statementAt, statementDetails } from '../analysis';
import type { Declaration, DocumentAnalysis, StatementAnalysis } from '../analysis';
import { Ast, BUILTIN_BY_NAME, Bindings, CATLASS_MAKE_COORD, ELEMENT_TYPES, TAG_DOCS, TYPE_FORMS, elementDoc, printBindings } from '../syntax';
import { printValue } from '../eval';
import type { Value } from '../eval';
import { code, describeValue } from './describeValue';
import { calleeAt, elementStatus, explainOffset, nodeAt, templateArgAt } from './inspect';

import type { Span } from './span';
import { cppLocalAt } from './cppLocalHover';

/** What an opaque symbol ‹…#h› is, said once in every hover that shows one. */
export const OPAQUE_NOTE = `\`‹…#…›\` stands for an expression of more than ${MAX_SYMBOLIC_TERMS} terms (or ${MAX_SYMBOLIC_CHARS} characters), not expanded`;

/** A hover's markdown within MAX_HOVER_CHARS (a cut one says so), with the note on opaque symbols. */
export function boundedMarkdown(value: string): string {
  const note = value.includes(core.symbolic.OPAQUE_PREFIX) ? `\n\n${OPAQUE_NOTE}` : '';
  if (value.length + note.length <= MAX_HOVER_CHARS) return value + note;
  const cut = `\n\n… (hover cut at ${MAX_HOVER_CHARS} characters)`;
  let head = value.slice(0, MAX_HOVER_CHARS - cut.length - note.length);
  // an open code block is closed, so what follows still renders
  if ((head.match(/```/g) ?? []).length % 2 === 1) head += '\n```';
  return head + cut + note;
}

export interface HoverOptions {
  /** Rows and columns of the offset grid shown for a rank-2 layout (tlaLayout.hover.gridSize). */
  gridSize: number;
  /** A C++ document: the value comes before the generic doc, and declared names outside the TLA are hovered. */
  cpp?: boolean;
}

export interface HoverAnswer extends Span {
  /** Bounded markdown (boundedMarkdown). */
  markdown: string;
}

/**
 * The hover at an offset; in C++, where the value rests on a configuration macro's default (issue 21:
 * `#ifndef M #define M V`, the #else of `#ifdef M`), the hover says so under the value.
 */
export function hoverAt(a: DocumentAnalysis, offset: number, options: HoverOptions): HoverAnswer | null {
  const h = hoverHere(a, offset, options);
  if (!h || !options.cpp) return h;
  const defaults = (statementAt(a, offset) ?? declarationNamedAt(a, offset)?.statement)?.defaults;
  if (!defaults?.length) return h;
  const note = `with the default ${defaults.map(code).join(', ')} — a JIT build may define it otherwise`;
  return { ...h, markdown: boundedMarkdown(`${h.markdown}\n\n${note}`) };
}

/** The hover at an offset: offsets on coordinates (with the mode-by-mode sum), values, signatures, tags. */
/**
 * A declared GetTileLayout tile's place, first, in .tla and C++ alike: `**tile** (32,48) of zn at
 * (96,64), valid (4,36): a tail tile` (a tensor's tile says it in its own words, describeTensor).
 */
function tileLine(s: DocumentAnalysis['statements'][number]): string {
  const st = s.statement;
  const expr = st?.type === 'decl' || st?.type === 'expr' ? st.expr : undefined;
  const t = expr && statementDetails(s).tiles.find((x) => x.node === expr || (expr.type === 'paren' && x.node === expr.inner));
  if (!t || t.tensorCoord) return '';
  const first = t.node.type === 'call' ? t.node.args[0] : undefined;
  const parent = first?.type === 'name' ? code(first.name) : 'its parent';
  const kind = core.tileKind(t.result, t.tileShape);
  const word = kind === 'empty' ? ': an empty tile' : kind === 'tail' ? ': a tail tile' : kind === 'interior' ? ': a full tile' : '';
  const p = core.printIntTuple;
  return `**tile** ${code(p(t.tileShape))} of ${parent} at ${code(p(t.coord))}, valid ${code(p(t.result.originShape))}${word}\n\n`;
}

function hoverHere(a: DocumentAnalysis, offset: number, options: HoverOptions): HoverAnswer | null {
  const gridSize = options.gridSize;
  const md = (value: string, start: number, end: number): HoverAnswer => ({ markdown: boundedMarkdown(value), start, end });
  const s = statementAt(a, offset);
  if (!s) {
    // in C++ the declared name (`auto layoutA = MakeLayout<…>(…)`) lies outside the TLA expression
    const d = options.cpp ? declarationNamedAt(a, offset) : undefined;
    if (!d) return options.cpp ? undeclaredNameHover(a, offset) : null;
    const text = d.value ? describeValue(d.value, gridSize) : 'no value: its expression is not understood';
    const span = declarationSpan(a, d);
    const symbolic = d.value ? symbolicForm(a, d.value, (u) => declarationNamedAt(u, offset)?.value) : '';
    const origin = d.origin ? `\n\n${d.origin}` : '';
    return md(
      `**${d.name}**\n\n${tileLine(d.statement)}${besideValue(text, symbolic)}${origin}${d.value ? bindLinks(d.value) : ''}`,
      span.start,
      span.end,
    );
  }
  const rel = offset - a.startOf(s);

  // tags and element types inside <…>
  const targ = templateArgAt(s, rel);
  if (targ) {
    const n = targ.name;
    const text = TAG_DOCS[n] ?? (ELEMENT_TYPES.includes(n) ? elementDoc(n) : TYPE_FORMS[n]);
    if (text) return md(text, a.startOf(s) + targ.nameSpan.start, a.startOf(s) + targ.nameSpan.end);
  }

  // coordinates of crd2offset / layout(coord) / GetTileLayout
  const details = statementDetails(s);
  for (const o of details.offsets) {
    if (o.coordNode.start <= rel && rel <= o.coordNode.end) {
      const status = elementStatus(o.coord, o.layout, o.shape);
      const lines = [
        `**offset ${core.printIntTuple(o.result).replace(/^_/, '')}**`,
        '```\n' + [...coordinateSplit(o.coord, o.shape, o.stride), explainOffset(o.coord, o.shape, o.stride, o.result)].join('\n') + '\n```',
        status
          ? `element: **${status}**${status === 'padding' ? ' (beyond originShape)' : status === 'out of range' ? ' (outside the shape; C++ does not check)' : ''}`
          : 'element: depends on values known only at run time',
      ];
      return md(lines.join('\n\n'), a.startOf(s) + o.coordNode.start, a.startOf(s) + o.coordNode.end);
    }
  }
  for (const t of details.tiles) {
    const call = t.node.type === 'call' ? t.node : undefined;
    const coordNode = call?.args[2];
    if (coordNode && coordNode.start <= rel && rel <= coordNode.end) {
      let off: core.IntValue;
      try {
        off = core.crd2offset(t.coord, t.parent.shape, t.parent.stride);
      } catch {
        continue; // the corner has no offset in this parent (e.g. an integer-shaped parent): no hover here
      }
      const lines = [
        `**tile origin at offset ${core.printIntTuple(off).replace(/^_/, '')}** of the parent`,
        '```\n' +
          [...coordinateSplit(t.coord, t.parent.shape, t.parent.stride), explainOffset(t.coord, t.parent.shape, t.parent.stride, off)].join('\n') +
          '\n```',
        `valid extent ${code(core.printIntTuple(t.result.originShape))} of tileShape ${code(core.printIntTuple(t.tileShape))}`,
      ];
      return md(lines.join('\n\n'), a.startOf(s) + coordNode.start, a.startOf(s) + coordNode.end);
    }
  }

  // function names: signature and what it does (then the value of the call below it)
  const callee = calleeAt(s, rel);
  // a name declared before the statement shadows the builtin (one declared after it does not, as in C++)
  const shadowing = callee && a.declarations.get(callee.callee);
  if (callee && !(shadowing && shadowing.statement.index < s.index)) {
    const own = details.nodeValues.find((nv) => nv.node === callee);
    // a MakeCoord that made a Catlass coord is Catlass::MakeCoord: its words, not tla's
    const f = own?.value.kind === 'catlassCoord' && callee.callee === 'MakeCoord' ? CATLASS_MAKE_COORD : BUILTIN_BY_NAME.get(callee.callee);
    if (f) {
      const sigs = f.signatures.map((x) => x.label).join('\n');
      const generic = '```cpp\n' + sigs + '\n```\n\n' + f.doc;
      // in C++ the value is what clangd cannot say: it comes first, the generic doc after it
      let value = generic;
      if (own) {
        const sameCall = (u: DocumentAnalysis) => {
          const su = statementAt(u, offset);
          return su && statementDetails(su).nodeValues.find((nv) => nv.node.start === callee.start && nv.node.end === callee.end)?.value;
        };
        const v = besideValue(describeValue(own.value, gridSize), symbolicForm(a, own.value, sameCall));
        value = options.cpp ? v + '\n\n---\n\n' + generic : generic + '\n\n---\n\n' + v;
      }
      return md(value + (own ? bindLinks(own.value) : ''), a.startOf(s) + callee.calleeSpan.start, a.startOf(s) + callee.calleeSpan.end);
    }
  }

  // declared names and any sub-expression: its value
  if (s.declaredName && s.declaredNameSpan && s.declaredNameSpan.start <= rel && rel <= s.declaredNameSpan.end) {
    // (a declaration's value, or an assignment's: the name's from the next statement on)
    const v = bindingOf(a, s) ? s.result?.value : undefined;
    const text = v
      ? besideValue(
          describeValue(v, gridSize),
          symbolicForm(a, v, (u) => statementAt(u, offset)?.result?.value),
        ) + zeroInitialised(s.statement, v)
      : noValue(a, s);
    return md(
      `**${s.declaredName}**\n\n${v ? tileLine(s) : ''}${text}${v ? bindLinks(v) : ''}`,
      a.startOf(s) + s.declaredNameSpan.start,
      a.startOf(s) + s.declaredNameSpan.end,
    );
  }
  const n = nodeAt(a, offset);
  if (n) {
    const title = n.node.type === 'name' ? `**${n.node.name}**\n\n` : '';
    const symbolic = symbolicForm(a, n.value, (u) => nodeAt(u, offset)?.value);
    return md(title + besideValue(describeValue(n.value, gridSize), symbolic) + bindLinks(n.value), n.start, n.end);
  }
  return null;
}

/**
 * Why a declared name has no value, as Problems says it: the statement's first diagnostic and
 * the line Problems lists it on (which may be another line of a long statement); in C++, where
 * only certain mistakes are listed, the evaluator's reason, not a pointer to Problems.
 */
/**
 * With runtime names bound to numbers (`// tla: m=1000 k=512`), the value without them beside the
 * numbers: "symbolically `(m,k):(k,_1):(m,k)`". `find` reads the same place in the analysis
 * without bindings (made once, when first asked).
 */
function symbolicForm(a: DocumentAnalysis, value: Value, find: (unbound: DocumentAnalysis) => Value | null | undefined): string {
  const twin = a as DocumentAnalysis & { unbound?: () => DocumentAnalysis; bindings?: Bindings };
  if (!twin.unbound) return '';
  const v = find(twin.unbound());
  if (!v) return '';
  const text = printValue(v);
  if (text === printValue(value)) return '';
  return `symbolically ${code(text)}${twin.bindings?.size ? ` (without ${printBindings(twin.bindings)})` : ''}`;
}

/** The symbolic form right after the value's own block (before its facts and grid). */
function besideValue(described: string, symbolic: string): string {
  if (!symbolic) return described;
  const end = described.startsWith('```') ? described.indexOf('\n```', 3) : -1;
  if (end < 0) return `${described}\n\n${symbolic}`;
  return `${described.slice(0, end + 4)}\n\n${symbolic}${described.slice(end + 4)}`;
}

function noValue(a: DocumentAnalysis, s: NonNullable<ReturnType<typeof statementAt>>): string {
  const shown = s.local.find((d) => d.severity === 'error') ?? s.local[0];
  if (shown) {
    const line = a.text.slice(0, a.startOf(s) + shown.start).split('\n').length;
    return `no value: ${shown.message} (in Problems, line ${line})`;
  }
  const hidden = s.result?.diagnostics.find((d) => d.severity === 'error');
  return hidden ? `no value here: ${hidden.message}` : 'no value known here';
}

/**
 * A C++ name with no declaration: a variable whose TLA statement failed (what Problems says of it,
 * as on the statement), or a kernel's local the analysis holds no value for (a GemmCoord, the
 * result of a member function): what the code says.
 */
function undeclaredNameHover(a: DocumentAnalysis, offset: number): HoverAnswer | null {
  const md = (value: string, start: number, end: number): HoverAnswer => ({ markdown: boundedMarkdown(value), start, end });
  const failed = failedDeclarationAt(a, offset);
  if (failed) return md(`**${failed.name}**\n\n${noValue(a, failed.statement)}`, failed.start, failed.end);
  const local = cppLocalAt(a.text, offset);
  if (!local) return null;
  const links = local.bindable.slice(0, MAX_BIND_LINKS).map(bindLink).join(' · ');
  return md(`**${local.name}**\n\n${local.markdown}${links ? `\n\n${links}` : ''}`, local.start, local.end);
}

/** `auto tileA = GetTile(…);` in C++, the cursor on tileA, when its statement has a problem and no value (so no declaration): the name and the statement. */
function failedDeclarationAt(
  a: DocumentAnalysis,
  offset: number,
): { name: string; start: number; end: number; statement: StatementAnalysis } | undefined {
  const word = /\w/;
  let start = offset;
  let end = offset;
  while (start > 0 && word.test(a.text[start - 1])) start--;
  while (end < a.text.length && word.test(a.text[end])) end++;
  const eq = /^\s*=\s*/.exec(a.text.slice(end, end + 40));
  if (start === end || !eq || !/^[A-Za-z_]/.test(a.text[start])) return undefined;
  const at = end + eq[0].length;
  const statement = a.statements.find((s) => a.startOf(s) === at);
  if (!statement || statement.result?.value || !statement.local.length) return undefined;
  return { name: a.text.slice(start, end), start, end, statement };
}

/** The declaration whose name is at the offset (C++ documents: a handful of declarations). */
export function declarationNamedAt(a: DocumentAnalysis, offset: number): Declaration | undefined {
  for (const d of a.declarations.values()) {
    const span = declarationSpan(a, d);
    if (span.start <= offset && offset <= span.end) return d;
  }
  return undefined;
}

/**
 * How an integer coordinate of a nested mode splits into the mode's leaves, mode by mode:
 * `mode 0: 99 in (_16,7) → (3,6)   99 = 3 + 6·16` (colexicographic, the first leaf fastest).
 * Nothing for modes whose coordinate is already a tuple or whose shape is an integer.
 */
export function coordinateSplit(coord: core.IntTuple, shape: core.IntTuple, stride: core.IntTuple): string[] {
  const terms = core.offsetTerms(coord, shape, stride);
  if (!terms.length) return [];
  const modes: [core.IntTuple, core.IntTuple, number | undefined][] =
    coord.kind === 'tuple' && shape.kind === 'tuple' ? coord.items.map((c, i) => [c, shape.items[i], i]) : [[coord, shape, undefined]];
  const out: string[] = [];
  for (const [c, s, i] of modes) {
    if (c.kind !== 'int' || !s || s.kind !== 'tuple' || core.isSymbolic(s)) continue;
    const mine = terms.filter((t) => (i === undefined ? true : t.path[0] === i));
    // rebuild the nesting of the mode's shape around the leaf coordinates
    let k = 0;
    const nest = (x: core.IntTuple): string => (x.kind === 'int' ? String(mine[k++]?.coord ?? '?') : `(${x.items.map(nest).join(',')})`);
    const split = nest(s);
    if (k !== mine.length || split.includes('?')) continue;
    // 99 = 3 + 6·16: each leaf times the product of the extents before it
    const extents = core.leaves(s).map((l) => (l.kind === 'int' ? l.value : 0n));
    let scale = 1n;
    const sum = mine.map((t, j) => {
      const term = j === 0 ? `${t.coord}` : `${t.coord}·${scale}`;
      scale *= extents[j] ?? 1n;
      return term;
    });
    const label = i === undefined ? '' : `mode ${i}: `;
    out.push(`${label}${c.value} in ${core.printIntTuple(s)} → ${split}   ${c.value} = ${sum.join(' + ')}`);
  }
  return out;
}

/** A runtime name a user can bind: as the kernel writes it (`m`, `params.k`, `blockCoord.m()`). */
const BINDABLE = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(?:\(\))?$/;
const MAX_BIND_LINKS = 4;

/** The runtime names a value is made of (its symbols' variables), in the order met (at most MAX_BIND_LINKS). */
export function runtimeNames(v: unknown, out = new Set<string>()): Set<string> {
  if (!v || typeof v !== 'object' || out.size >= MAX_BIND_LINKS) return out;
  if (Array.isArray(v)) {
    for (const x of v) runtimeNames(x, out);
    return out;
  }
  const o = v as { kind?: string; sym?: core.Sym };
  if (o.kind === 'int') {
    // `params->m` as a binding names it: `params.m` (bindings.ts)
    if (o.sym) for (const n of core.symbolic.variables(o.sym)) if (BINDABLE.test(n.replace(/->/g, '.'))) out.add(n.replace(/->/g, '.'));
    return out;
  }
  for (const x of Object.values(v)) runtimeNames(x, out);
  return out;
}

/** "Bind m… · Bind k…": links that run the extension's tlaLayout.bind with the name (a `// tla: m=…` comment). */
function bindLinks(v: unknown): string {
  // a type (`using L = decltype(layoutA);`) is the same whatever m is: nothing to bind
  if ((v as { kind?: string } | null)?.kind === 'type') return '';
  const names = [...runtimeNames(v)].slice(0, MAX_BIND_LINKS);
  if (!names.length) return '';
  return `\n\n${names.map(bindLink).join(' · ')}`;
}

/** "Bind m…": a link that runs the extension's tlaLayout.bind with the name. */
function bindLink(n: string): string {
  return `[Bind ${n}…](command:tlaLayout.bind?${encodeURIComponent(JSON.stringify([n]))} "give ${n} a number: a // tla: ${n}=… comment")`;
}

/** `GemmCoord blockCoord;`: why it reads (0,0,0) — C++ value-initialises it; a kernel sets it later. */
function zeroInitialised(st: Ast.Statement | null, v: { kind: string }): string {
  if (st?.type !== 'declare' || v.kind !== 'catlassCoord') return '';
  return `\n\nzero: declared without a value, a Catlass coord is value-initialised as C++ does (every coordinate 0); a kernel sets it later (\`blockCoord = …\`), so its tiles here are those of block 0. Give it the coordinates to look at, \`GemmCoord ${st.name}{1, 2, 0};\`.`;
}
