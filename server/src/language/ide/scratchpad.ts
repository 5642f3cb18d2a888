// "TLA: Open in layout scratchpad": the TLA expression at an offset of a C++ file (or a
// .tla one), with the constants, aliases and layout variables it uses, as a `.tla` document.
import * as core from '../../core';
import { Analyzer } from '../analysis';
import type { DocumentAnalysis, StatementAnalysis } from '../analysis';
import { Ast } from '../syntax';
import { ELEMENT_TYPES, SUPPORTED_TAGS } from '../syntax';
import { printValue } from '../eval';
import { statementAt } from '../analysis';

/** The document a scratchpad is made from: its analysis, text, uri and kind. */
export interface ScratchpadSource {
  analysis: DocumentAnalysis;
  text: string;
  uri: string;
  cpp: boolean;
}

/** The scratchpad's text (null with the reason when there is none) and a title for its tab. */
export interface Scratchpad {
  text: string | null;
  reason: string | null;
  title?: string;
}

/** The source text of a statement's expression (without our `;`/wrapping). */
function exprText(s: StatementAnalysis): string {
  const st = s.statement;
  const e = st && (st.type === 'decl' || st.type === 'expr') ? st.expr : undefined;
  return e ? s.chunk.text.slice(e.start, e.end) : s.chunk.text;
}

const tlaName = (n: string) => n.replace(/[^A-Za-z0-9_]+/g, '_');

/** Every name an expression reads (`m`, `params.k`, `layoutA`), in source order. */
function namesIn(node: unknown, out: string[] = []): string[] {
  if (!node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const x of node) namesIn(x, out);
    return out;
  }
  const n = node as { type?: string; name?: string };
  if (n.type === 'name' && typeof n.name === 'string') {
    if (!out.includes(n.name)) out.push(n.name);
    return out;
  }
  // `params.k`: the member chain is the name a kernel reads
  const path = n.type === 'member' ? Ast.memberPath(node as Ast.Expr) : undefined;
  if (path) {
    if (!out.includes(path)) out.push(path);
    return out;
  }
  for (const [k, v] of Object.entries(node)) if (k !== 'nameSpan' && k !== 'calleeSpan') namesIn(v, out);
  return out;
}

/** The names a statement reads: those written in it and those the evaluation read (`Alias{}`), not the file's settings. */
function readsOf(s: StatementAnalysis): string[] {
  const out = namesIn(s.statement);
  for (const d of s.result?.dependencies ?? []) {
    if (d === 'CATLASS_ARCH' || d.startsWith('using namespace ') || out.includes(d)) continue;
    out.push(d);
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
  const target = statementAt(a, offset);
  if (!target?.result) return { text: null, reason: 'place the cursor on a TLA expression (MakeLayout…, GetTileLayout, crd2offset, a layout call)' };

  const where = `${doc.uri.slice(doc.uri.lastIndexOf('/') + 1)}:${line + 1}`;
  // the first line names the kernel line: VS Code names an untitled document's tab after it
  const head: string[] = [`// ${where}`, `// a scratchpad of ${doc.uri}`, 'using namespace tla;', ''];
  const body: string[] = [];
  const done = new Set<string>();
  const free = new Set<string>();
  const renames = new Map<string, string>();

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
  const emitStatement = (root: StatementAnalysis) => {
    const stack: { s: StatementAnalysis; asName?: string; names: string[]; next: number }[] = [{ s: root, names: readsOf(root), next: 0 }];
    while (stack.length) {
      const top = stack[stack.length - 1];
      if (top.next >= top.names.length) {
        stack.pop();
        // a kernel's `using E = half;` and `AscendC::GlobalTensor<E> gm;` are statements of the language as they are
        const kind = top.s.statement?.type;
        if (top.asName && (kind === 'alias' || kind === 'declare')) body.push(top.s.chunk.text.trim());
        else if (top.asName) body.push(`auto ${tlaName(top.asName)} = ${exprText(top.s)};`);
        continue;
      }
      const name = top.names[top.next++];
      if (done.has(name)) continue;
      done.add(name);
      if (tlaName(name) !== name) renames.set(name, tlaName(name));
      const d = a.declarations.get(name);
      // a constant: its value (a kernel's constexpr, or a declaration that evaluated to an integer)
      if (d?.value?.kind === 'int' && !core.isSymbolic(d.value)) {
        body.push(`auto ${tlaName(name)} = ${core.printIntTuple(d.value)};`);
        continue;
      }
      const st = boundStatement(name);
      if (st && st !== top.s && a.startOf(st) < a.startOf(top.s) + top.s.chunk.text.length)
        stack.push({ s: st, asName: name, names: readsOf(st), next: 0 });
      else free.add(name);
    }
  };
  emitStatement(target);
  // runtime values the kernel cannot know: a placeholder declaration to set
  const freeLines = [...free].sort().map((n) => `auto ${tlaName(n)} = 128; // ${whyUnknown(doc.text, n)}: set its value here`);
  const value = target.result.value ? `  // ${printValue(target.result.value)}` : '';
  body.push(`print(${exprText(target)});${value}`);
  // element types and tags named through C++ aliases or template parameters: resolved, or a placeholder to set
  const typeNotes = resolveTypeNames(doc.text, body);
  for (let i = 0; i < body.length; i++) for (const [from, to] of renames) body[i] = rename(body[i], from, to);
  const out = [...head, ...typeNotes, ...freeLines, ...body, ''].join('\n');
  return { text: out, reason: null, title: where };
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

/**
 * Rewrites the template arguments of MakeLayout…<…> in `body` (in place) so that the scratchpad
 * evaluates: an alias is replaced by what it names, an unknown element type or tag (a kernel's
 * template parameter) by a placeholder; returns the comment lines that say so.
 */
function resolveTypeNames(cpp: string, body: string[]): string[] {
  const aliases = typeAliases(cpp);
  const notes = new Map<string, string>();
  for (let i = 0; i < body.length; i++) {
    body[i] = body[i].replace(/(MakeLayout\w*)\s*<([^<>;()]*)>/g, (whole, fn: string, args: string) => {
      const parts = args.split(',').map((a) => a.trim());
      const fixed = parts.map((a, k) => {
        const want = k === 0 ? 'element' : fn === 'MakeLayout' && k === 1 ? 'tag' : undefined;
        if (!want) return a;
        const known = want === 'element' ? ELEMENTS.has(lastPart(a)) : TAGS.has(lastPart(a));
        if (known) return a;
        const alias = aliases.get(a);
        if (alias) {
          notes.set(a, `// ${a} is ${alias} in the kernel (\`using ${a} = ${alias};\`)`);
          return alias;
        }
        if (!/^[A-Za-z_][\w:]*$/.test(a)) return a;
        const placeholder = want === 'element' ? 'half' : 'RowMajor';
        notes.set(
          a,
          `// ${a} is not known in the kernel (a template parameter?): ${placeholder} put in its place — set the ${want === 'element' ? 'element type' : 'layout tag'} here`,
        );
        return placeholder;
      });
      return `${fn}<${fixed.join(', ')}>`;
    });
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
