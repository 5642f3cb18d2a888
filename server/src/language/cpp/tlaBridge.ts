// Between the template resolver and the layout evaluator, both ways: a static constexpr member
// built with TLA (`tla::MakeLayout<ElementA, LayoutTagL1A>(tla::Int<L1_TILE_M>{}, …)`) is
// evaluated by the `.tla` evaluator, its names replaced by what the instantiation binds them
// to; and a `.tla` value (`decltype(tensorA)`) becomes the C++ type the resolver matches.
import type { Arch } from '../../core';
import * as core from '../../core';
import { Analyzer } from '../analysis';
import { Value, printValue } from '../eval';
import { Node, Seg, Tok } from './cppExpr';
import type { Frame, Resolver } from './resolver';
import { Ty, Unknown } from './types';
export { DYNAMIC_LEAF, layoutType, typeOfValue } from './valueTypes';

/** How a resolved type or value is written in the `.tla` language, or undefined. */
export function tlaSpelling(t: Ty): string | undefined {
  switch (t.k) {
    case 'val':
      return t.t === 'bool' ? (t.v ? 'true' : 'false') : t.v.toString();
    case 'tla':
      return `(${printValue(t.value)})`;
    case 'class': {
      if (t.q === 'tla::C') return t.args[0]?.k === 'val' ? `tla::Int<${t.args[0].v}>` : undefined;
      const items = t.args.map(tlaSpelling);
      if (items.some((x) => x === undefined)) return undefined;
      if (t.q === 'tla::tuple') return `tla::Shape<${items.join(', ')}>`;
      if (t.q === 'tla::Layout') return `tla::Layout<${items.join(', ')}>`;
      if (t.q === 'AscendC::GlobalTensor' || t.q === 'AscendC::LocalTensor') return `${t.q}<${items.join(', ')}>`;
      if (t.args.length || t.q.startsWith('‹')) return undefined;
      return t.q.replace(/^AscendC::int4b_t$/, 'int4b_t');
    }
    default:
      return undefined;
  }
}

/** The end of the qualified name starting at token i (`a::b::c`), or i when none starts there. */
function nameRun(toks: readonly Tok[], i: number): number {
  let j = i;
  if (toks[j]?.k !== 'id') return i;
  j++;
  while (toks[j]?.t === '::' && toks[j + 1]?.k === 'id') j += 2;
  return j;
}

/** The initializer's text with every name the frame resolves to a spellable type or value replaced. */
export function substitutedText(initToks: readonly Tok[], frame: Frame, r: Resolver): string {
  const out: string[] = [];
  for (let i = 0; i < initToks.length;) {
    const t = initToks[i];
    const prev = initToks[i - 1]?.t;
    const end = t.k === 'id' && prev !== '.' && prev !== '->' && prev !== '::' ? nameRun(initToks, i) : i;
    if (end > i) {
      const segs: Seg[] = [];
      for (let k = i; k < end; k += 2) segs.push({ name: initToks[k].t });
      const spelled = spell({ n: 'name', segs }, frame, r);
      out.push(
        spelled ??
          initToks
            .slice(i, end)
            .map((x) => x.t)
            .join(''),
      );
      i = end;
      continue;
    }
    out.push(t.t);
    i++;
  }
  return out.join(' ');
}

function spell(x: Node, frame: Frame, r: Resolver): string | undefined {
  try {
    return tlaSpelling(r.resolve(x, frame));
  } catch {
    return undefined;
  }
}

const analyzers = new Map<Arch, Analyzer>();

/** The value of a TLA expression written in `.tla` (after substitution), at an arch; Unknown when the evaluator gives none. */
export function evaluateTla(expr: string, arch: Arch): Value {
  let a = analyzers.get(arch);
  if (!a) analyzers.set(arch, (a = new Analyzer(arch)));
  const text = `#define CATLASS_ARCH ${arch}\nusing namespace tla;\nauto r = ${expr};\n`;
  const analysis = a.analyze(text);
  const v = analysis.declarations.get('r')?.value;
  if (!v || analysis.diagnostics.some((d) => d.severity === 'error')) throw new Unknown(`the layout evaluator gives no value for ${expr}`);
  return v;
}

/** The layout evaluator as the resolver calls it for a static constexpr member. */
export function layoutMember(initToks: readonly Tok[], frame: Frame, r: Resolver): Ty {
  return { k: 'tla', value: evaluateTla(substitutedText(initToks, frame, r), r.arch) };
}

/** A layout evaluator's value as the CLI prints a statement's: its text, a layout's three parts, an integer's value. */
export function summarizeTla(v: Value): Record<string, unknown> {
  const text = printValue(v);
  if (v.kind === 'layout')
    return { text, shape: core.printIntTuple(v.shape), stride: core.printIntTuple(v.stride), originShape: core.printIntTuple(v.originShape) };
  if (v.kind === 'int' || v.kind === 'tuple') return { text, value: core.printIntTuple(v) };
  return { text };
}
