// What a builtin's implementation (builtins/) may ask of the evaluator: evaluate an argument as
// the kind it needs, report, and record what hovers and pictures read. StatementEvaluator
// implements it; the builtins import only this interface, so the evaluator's table of them
// makes no import cycle.
import type * as core from '../../core';
import type { Arch, IntTuple, IntValue, Layout, Tensor } from '../../core';
import type { Ast, DiagnosticCode } from '../syntax';
import type { ObjectEvaluator } from './catlassObjects';
import type { Environment, EvalResult, LocalDiagnostic, Value } from './values';

export interface BuiltinContext {
  readonly env: Environment;
  /** What the Catlass layout objects and coords (catlassObjects.ts) ask of the evaluator. */
  readonly objects: ObjectEvaluator;
  eval(e: Ast.Expr): Value;
  /** Runs a core operation; a LayoutError becomes a diagnostic on the argument it names. */
  coreCall<T>(node: Ast.Expr, args: Ast.Expr[], op: () => T, related?: () => LocalDiagnostic['relatedNames']): T;
  report(span: Ast.Span, code: DiagnosticCode, message: string, extra?: Partial<LocalDiagnostic>): void;
  fail(span: Ast.Span, code: DiagnosticCode, message: string, extra?: Partial<LocalDiagnostic>): never;
  arity(e: Ast.Call, counts: number[], label?: string): void;
  noTemplate(e: Ast.Call): void;
  indices(e: Ast.Call): number[];
  typeName(e: Ast.Call, i: number, role: string): { name: string; span: Ast.Span };
  element(el: { name: string; span: Ast.Span }): void;
  constantArg(t: Ast.TemplateArg): IntValue;
  boolConstant(t: Ast.TemplateArg): boolean;
  integer(e: Ast.Expr, role: string): IntValue;
  intTuple(e: Ast.Expr, role: string, allowFreeInteger?: boolean): IntTuple;
  tupleArg(e: Ast.Expr, role: string): IntTuple;
  tupleOf(e: Ast.Call): Value;
  layoutArg(e: Ast.Expr, role: string): Layout;
  layoutOrTuple(e: Ast.Expr, role: string): Layout | IntTuple;
  tensorArg(e: Ast.Expr, role: string): Tensor;
  tensorArg(e: Ast.Expr, role: string, opaque: true): Tensor | core.OpaqueTensor;
  position(e: Ast.Expr): string;
  arch(): Arch;
  usingCatlass(): boolean;
  /** Which MakeCoord an unqualified `MakeCoord(args…)` calls, as C++'s lookup and overload resolution pick it. */
  makeCoordOf(args: Ast.Expr[]): 'Catlass' | 'tla';
  sameKnownType(args: Ast.Expr[]): boolean;
  /** A kernel value not known here (params.m) stands for itself. */
  isFreeNode(e: Ast.Expr): boolean;
  stopIfFree(e: Ast.Expr): void;
  relatedFor(args: Ast.Expr[]): LocalDiagnostic['relatedNames'];
  checkCoord(node: Ast.Expr, coord: IntTuple, shape: IntTuple, origin: IntTuple | undefined): void;
  recordTile(tile: EvalResult['tiles'][number]): void;
  recordOffset(offset: EvalResult['offsets'][number]): void;
}

/** A builtin function's implementation: the call's value, or a diagnostic (ctx.fail). */
export type Builtin = (ev: BuiltinContext, e: Ast.Call) => Value;
