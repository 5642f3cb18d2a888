// Questions an editor asks of an analysis, answered without any LSP types:
// what is at this offset, how an offset was computed, the offset grid of a layout.
import * as core from '../../core';
import { IntTuple, IntValue, Layout } from '../../core';
import { isAssignment, statementAt, statementDetails } from '../analysis';
import type { DocumentAnalysis, StatementAnalysis, StatementDetails } from '../analysis';
import { Ast } from '../syntax';
import { NodeValue, Value, exactProduct } from '../eval';

export interface NodeAt {
  statement: StatementAnalysis;
  node: Ast.Expr;
  value: Value;
  /** Absolute offsets of the node. */
  start: number;
  end: number;
}

/** The innermost evaluated expression containing the offset. */
export function nodeAt(a: DocumentAnalysis, offset: number): NodeAt | undefined {
  const s = statementAt(a, offset);
  if (!s?.result) return undefined;
  const rel = offset - a.startOf(s);
  let best: NodeValue | undefined;
  for (const nv of statementDetails(s).nodeValues) {
    if (nv.node.start <= rel && rel <= nv.node.end) {
      if (!best || nv.node.end - nv.node.start < best.node.end - best.node.start) best = nv;
    }
  }
  if (!best) return undefined;
  return { statement: s, node: best.node, value: best.value, start: a.startOf(s) + best.node.start, end: a.startOf(s) + best.node.end };
}

/** `(1,5) → 1·4 + 0·16 + 1·1 + 1·32 = 37` */
export function explainOffset(coord: IntTuple, shape: IntTuple, stride: IntTuple, result: IntValue): string {
  const terms = core.offsetTerms(coord, shape, stride);
  if (core.isSymbolic(coord) || core.isSymbolic(shape) || core.isSymbolic(stride))
    return `${core.printIntTuple(coord)} → ${core.printIntTuple(result)}`;
  const sum = terms.length ? terms.map((t) => `${t.coord}·${t.stride}`).join(' + ') : '0';
  return `${core.printIntTuple(coord).replace(/_/g, '')} → ${sum} = ${core.printIntTuple(result).replace(/^_/, '')}`;
}

export type ElementStatus = 'valid' | 'padding' | 'out of range';

/** Whether a coordinate addresses valid data, padding (beyond originShape) or lies outside the shape. */
export function elementStatus(coord: IntTuple, l: Layout | undefined, shape: IntTuple): ElementStatus | undefined {
  if (core.isSymbolic(coord) || core.isSymbolic(shape) || (l && core.isSymbolic(l))) return undefined;
  const inside = (c: IntTuple, s: IntTuple): boolean => {
    if (c.kind === 'int') return core.concreteValue(c) >= 0n && core.concreteValue(c) < exactProduct(s);
    if (s.kind !== 'tuple' || c.items.length !== s.items.length) return false;
    return c.items.every((x, i) => inside(x, s.items[i]));
  };
  if (!inside(coord, shape)) return 'out of range';
  if (!l) return 'valid';
  const logical = core.logicalCoord(coord, l.shape);
  const o = l.originShape.kind === 'tuple' ? l.originShape.items : [l.originShape];
  if (logical && logical.some((x, d) => o[d]?.kind === 'int' && x >= core.concreteValue(o[d] as IntValue))) return 'padding';
  return 'valid';
}

export interface OffsetGrid {
  rows: number;
  cols: number;
  /** rows shown (≤ rows) and cols shown (≤ cols) */
  shownRows: number;
  shownCols: number;
  /** offsets[r][c] for the shown cells */
  offsets: bigint[][];
  /** padding[r][c]: beyond originShape */
  padding: boolean[][];
}

/** Offsets of the logical (row, col) grid of a rank-2 layout, truncated to max × max cells. */
export function offsetGrid(l: Layout, maxRows: number, maxCols: number): OffsetGrid | undefined {
  if (core.isSymbolic(l)) return undefined;
  if (l.shape.kind !== 'tuple' || l.shape.items.length !== 2 || l.stride.kind !== 'tuple') return undefined;
  const rowsB = exactProduct(l.shape.items[0]);
  const colsB = exactProduct(l.shape.items[1]);
  if (rowsB <= 0n || colsB <= 0n) return undefined;
  const rows = Number(rowsB);
  const cols = Number(colsB);
  const shownRows = Math.min(rows, maxRows);
  const shownCols = Math.min(cols, maxCols);
  const o = l.originShape.kind === 'tuple' ? l.originShape.items : [];
  const o0 = o[0]?.kind === 'int' ? core.concreteValue(o[0]) : rowsB;
  const o1 = o[1]?.kind === 'int' ? core.concreteValue(o[1]) : colsB;
  // the one bulk path (core/compile.ts); a layout whose offsets pass 2^53 is summed exactly
  // instead (C++ would overflow int64 past 2^63; the grid still shows the true sums)
  let compiled: core.CompiledLayout | undefined;
  try {
    compiled = core.compileLayout(l);
  } catch {
    compiled = undefined;
  }
  const offsets: bigint[][] = [];
  const padding: boolean[][] = [];
  for (let r = 0; r < shownRows; r++) {
    const row: bigint[] = [];
    const pad: boolean[] = [];
    for (let c = 0; c < shownCols; c++) {
      row.push(compiled ? BigInt(compiled.offsetAtCoord([r, c])) : core.exactOffset(core.tuple(core.int(r), core.int(c)), l.shape, l.stride));
      pad.push(BigInt(r) >= o0 || BigInt(c) >= o1);
    }
    offsets.push(row);
    padding.push(pad);
  }
  return { rows, cols, shownRows, shownCols, offsets, padding };
}

/** Where a name is declared and used: for definition, references, rename, highlights. */
export interface NameOccurrence {
  name: string;
  start: number;
  end: number;
  isDeclaration: boolean;
}

export function nameOccurrences(a: DocumentAnalysis): NameOccurrence[] {
  const out: NameOccurrence[] = [];
  for (const s of a.statements) {
    const base = a.startOf(s);
    if (s.declaredName && s.declaredNameSpan) {
      // an assignment (`a += b;`) is a write of the name, not its declaration
      const isDeclaration = !isAssignment(a, s);
      out.push({ name: s.declaredName, start: base + s.declaredNameSpan.start, end: base + s.declaredNameSpan.end, isDeclaration });
    }
    if (!s.statement) continue;
    // (`a += b` reads `a` at the name's own place: one occurrence there)
    const own = s.statement.type === 'decl' && s.statement.compound ? (s.statement.expr as Ast.Binary).left : undefined;
    for (const e of Ast.statementExprs(s.statement)) {
      Ast.walkExpr(e, (n) => {
        if (n === own) return;
        if (n.type === 'name' && a.declarations.has(n.name))
          out.push({ name: n.name, start: base + n.start, end: base + n.end, isDeclaration: false });
        else if (n.type === 'call' && a.declarations.has(n.callee) && !n.templateArgs && !n.braces) {
          out.push({ name: n.callee, start: base + n.calleeSpan.start, end: base + n.calleeSpan.end, isDeclaration: false });
        }
      });
    }
  }
  return out;
}

export function occurrenceAt(a: DocumentAnalysis, offset: number): NameOccurrence | undefined {
  return nameOccurrences(a).find((o) => o.start <= offset && offset <= o.end);
}

/** The GetTileLayout record of a statement whose call node is `node`. */
export function tileOf(r: StatementDetails, node: Ast.Expr) {
  return r.tiles.find((t) => t.node === node);
}

/** Find the call (by callee span) containing the offset, innermost first: for hovers on function names. */
export function calleeAt(s: StatementAnalysis, rel: number): Ast.Call | undefined {
  let found: Ast.Call | undefined;
  if (!s.statement) return undefined;
  for (const e of Ast.statementExprs(s.statement)) {
    Ast.walkExpr(e, (n) => {
      if (n.type === 'call' && n.calleeSpan.start <= rel && rel <= n.calleeSpan.end) found = n;
    });
  }
  return found;
}

/** The template argument (type name) at an offset, e.g. `zN` in MakeLayout<half, zN>. */
export function templateArgAt(s: StatementAnalysis, rel: number): Ast.TypeArg | undefined {
  let found: Ast.TypeArg | undefined;
  const visitArgs = (args: Ast.TemplateArg[] | null) => {
    for (const t of args ?? []) {
      if (t.type === 'typeArg') {
        if (t.nameSpan.start <= rel && rel <= t.nameSpan.end) found = t;
        visitArgs(t.args);
      }
    }
  };
  if (!s.statement) return undefined;
  if (s.statement.type === 'decl' && s.statement.declTypeArg) visitArgs([s.statement.declTypeArg]);
  for (const e of Ast.statementExprs(s.statement)) {
    Ast.walkExpr(e, (n) => {
      if (n.type === 'call') visitArgs(n.templateArgs);
      if (n.type === 'typeInstance') visitArgs([n.typeArg]);
    });
  }
  return found;
}
