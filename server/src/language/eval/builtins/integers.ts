// The integer builtins: CeilDiv, RoundUp (also with a template N), min, max; and print.
import * as core from '../../../core';
import type { Ast, BuiltinName } from '../../syntax';
import * as Objects from '../catlassObjects';
import type { Builtin, BuiltinContext } from '../context';
import { Value } from '../values';

const A = core.arith;

function integerOp(ev: BuiltinContext, e: Ast.Call): Value {
  if ((e.callee === 'CeilDiv' || e.callee === 'RoundUp') && !e.templateArgs && e.args.length === 2) {
    // CeilDiv(a, b) of two Catlass coords
    if (Objects.isCoordExpr((n) => ev.env.lookup(n)?.value, e.args[0])) return Objects.coordFunction(ev.objects, e, e.callee, e.args);
  }
  if ((e.callee === 'CeilDiv' || e.callee === 'RoundUp') && e.templateArgs?.length === 1) {
    // CeilDiv<N>(x), RoundUp<N>(x): N a compile-time constant
    ev.arity(e, [1], `${e.callee}<N>(x)`);
    const n = ev.constantArg(e.templateArgs[0]);
    const x = ev.integer(e.args[0], `argument of ${e.callee}`);
    return ev.coreCall(e, e.args, () => (e.callee === 'CeilDiv' ? A.ceilDiv : A.roundUp)(x, n));
  }
  ev.arity(e, [2]);
  const [a, b] = e.args.map((x, i) => ev.integer(x, `argument ${i + 1} of ${e.callee}`));
  const op = { CeilDiv: A.ceilDiv, RoundUp: A.roundUp, min: A.min, max: A.max }[e.callee as 'CeilDiv' | 'RoundUp' | 'min' | 'max'];
  return ev.coreCall(e, e.args, () => op(a, b));
}

function printBuiltin(ev: BuiltinContext, e: Ast.Call): Value {
  ev.arity(e, [1]);
  return ev.eval(e.args[0]);
}

export const INTEGERS_BUILTINS = {
  CeilDiv: integerOp,
  RoundUp: integerOp,
  min: integerOp,
  max: integerOp,
  print: printBuiltin,
} satisfies Partial<Record<BuiltinName, Builtin>>;
