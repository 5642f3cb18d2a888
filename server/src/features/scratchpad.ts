// "TLA: Open in layout scratchpad": the TLA expression under the cursor in a C++ file,
// with the constants, aliases and layout variables it uses, as a `.tla` document.
import type { Position } from 'vscode-languageserver';
import * as core from '../core';
import { printValue, statementAt } from '../language';
import type { StatementAnalysis } from '../language';
import type { AnalysedDocument } from '../documents';

export const SCRATCHPAD_REQUEST = 'tlaLayout/scratchpad';

export interface ScratchpadParams {
  textDocument: { uri: string };
  position: Position;
}

export interface ScratchpadAnswer {
  text: string | null;
  reason: string | null;
}

/** The source text of a statement's expression (without our `;`/wrapping). */
function exprText(doc: AnalysedDocument, s: StatementAnalysis): string {
  const st = s.statement;
  const e = st && (st.type === 'decl' || st.type === 'expr') ? st.expr : undefined;
  return e ? s.chunk.text.slice(e.start, e.end) : s.chunk.text;
}

const tlaName = (n: string) => n.replace(/[^A-Za-z0-9_]+/g, '_');

export function scratchpad(doc: AnalysedDocument, p: ScratchpadParams): ScratchpadAnswer {
  const a = doc.analysis;
  const offset = doc.lines.offset(p.position.line, p.position.character);
  const target = statementAt(a, offset);
  if (!target?.result) return { text: null, reason: 'place the cursor on a TLA expression (MakeLayout…, GetTileLayout, crd2offset, a layout call)' };

  const lines: string[] = ['// From ' + doc.uri, 'using namespace tla;', ''];
  const done = new Set<string>();
  const free = new Set<string>();
  const renames = new Map<string, string>();
  // Each statement after the ones it depends on, depth first. With an explicit stack, not
  // recursion: an alias chain of thousands of `using X1 = X0;` is as deep as it is long.
  const line = (s: StatementAnalysis, asName?: string) => {
    let text = exprText(doc, s);
    for (const [from, to] of renames) text = text.split(from).join(to);
    if (asName) lines.push(`auto ${tlaName(asName)} = ${text};`);
  };
  const stack: { s: StatementAnalysis; asName?: string; next: number }[] = [{ s: target, next: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const deps = top.s.result?.dependencies ?? [];
    if (top.next >= deps.length) {
      stack.pop();
      line(top.s, top.asName);
      continue;
    }
    const dep = deps[top.next++];
    if (done.has(dep)) continue;
    done.add(dep);
    const d = a.declarations.get(dep);
    if (d && d.statement !== top.s) {
      if (tlaName(dep) !== dep) renames.set(dep, tlaName(dep));
      if (d.value?.kind === 'int') lines.push(`auto ${tlaName(dep)} = ${core.printIntTuple(d.value)};`);
      else stack.push({ s: d.statement, asName: dep, next: 0 });
    } else if (!d) {
      free.add(dep);
    }
  }
  // names that are not compile-time constants in the kernel (walk every node, members included)
  for (const nv of target.result.nodeValues) {
    if (nv.node.type === 'name' && !a.declarations.has(nv.node.name) && (nv.value.kind === 'int' || nv.value.kind === 'tuple') && core.isSymbolic(nv.value)) free.add(nv.node.name);
  }
  const freeLines = [...free].sort().map((n) => `auto ${tlaName(n)} = 128; // '${n}' is not a compile-time constant in the kernel: try values here`);
  let text = exprText(doc, target);
  for (const n of free) if (tlaName(n) !== n) text = text.split(n).join(tlaName(n));
  for (const [from, to] of renames) text = text.split(from).join(to);
  const value = target.result.value ? `  // ${printValue(target.result.value)}` : '';
  return { text: [...lines.slice(0, 3), ...freeLines, ...lines.slice(3), `print(${text});${value}`, ''].join('\n'), reason: null };
}
