// A block's member function template `template <class TensorA, …> void operator()(TensorA &tensorA, …)`
// read under the instantiation the kernel around it gives (issue 21): its type parameters are what
// the kernel's calls of the block's object pass (`blockMmad(tensorBlockA, …)`, each argument's value
// in the kernel's analysis under its own instantiation). A parameter is bound only when every call
// passes, at its place, a name whose value is a TLA value of one type; else it stays as before.
import { Value, printValue } from '../eval';
import { Tok, tokenizeHeader } from './cppExpr';
import { declaredValue } from './declaredValues';
import { CppAnalyzer, InstanceRegion } from './kernelAnalysis';

/** A class's body read under one instantiation: offsets in its file's text, bindings, the class written out. */
export interface InstanceBody {
  start: number;
  end: number;
  bindings: InstanceRegion['bindings'];
  selected?: string;
  /** A kernel's: its names of the block's class (`BlockMmad`). */
  blockNames?: ReadonlySet<string>;
}

/** `template <class A, …> … operator()(A &a, …) {…}` of a body: where its template parameters are visible, and each function parameter's type parameter. */
interface OperatorTemplate {
  start: number;
  end: number;
  /** Per function parameter: the template's type parameter it is declared of (`TensorA &tensorA`), else undefined. */
  typeOf: (string | undefined)[];
}

/** Analyses of a kernel's text at most this many times (its time budget) before its values are given up on. */
const MAX_ANALYSIS_ROUNDS = 200;

/**
 * The block body's operator() template with its type parameters bound from the kernel's calls: a
 * region inside the block's own (its bindings and these), or undefined when nothing is certain.
 */
export function operatorCallRegion(
  blockText: string,
  block: InstanceBody,
  kernelText: string,
  kernel: InstanceBody,
  arch: 2201 | 3510,
): InstanceRegion | undefined {
  if (!block.selected) return undefined;
  const op = operatorTemplate(tokenizeHeader(blockText).toks, block);
  if (!op || !op.typeOf.some((t) => t)) return undefined;
  const kt = tokenizeHeader(kernelText).toks.filter((t) => t.at >= kernel.start && t.at < kernel.end);
  const calls = objectCalls(kt, kernel.blockNames ?? new Set());
  if (!calls.length) return undefined;
  const analyzer = new CppAnalyzer(arch);
  analyzer.instantiation = [{ start: kernel.start, end: kernel.end, bindings: kernel.bindings }];
  let a = analyzer.analyze(kernelText);
  for (let i = 0; !a.complete && i < MAX_ANALYSIS_ROUNDS; i++) a = analyzer.analyze(kernelText);
  if (!a.complete) return undefined;
  const declared = [...a.declarations.values()]
    .filter((d) => d.value)
    .map((d) => ({ name: d.name, at: a.startOf(d.statement) + d.nameSpan.start, value: d.value! }));
  const bindings = new Map(block.bindings);
  for (const [name, type] of boundTypes(op, calls, (arg, at) => valueAt(kt, declared, arg, at)))
    bindings.set(name, { value: { kind: 'type', type: { t: 'value', value: type } } });
  return bindings.size > block.bindings.size ? { start: op.start, end: op.end, bindings } : undefined;
}

/** Each type parameter every call passes a value of one type for (its value as a type: static leaves kept, the rest named by the parameter). */
function boundTypes(op: OperatorTemplate, calls: readonly Call[], valueOf: (arg: string, at: number) => Value | undefined): Map<string, Value> {
  const out = new Map<string, Value>();
  const vetoed = new Set<string>();
  const keys = new Map<string, string>();
  // a type parameter also read by a parameter not passed (its default) or by two parameters: not deduced here
  for (const call of calls) {
    if (call.args.length > op.typeOf.length) return new Map(); // another overload, or a default this does not read
    op.typeOf.forEach((name, i) => {
      if (!name || vetoed.has(name)) return;
      const arg = call.args[i];
      const v = arg === undefined || arg === null ? undefined : valueOf(arg, call.at);
      const typed = v && TLA_KINDS.has(v.kind) ? declaredValue(v, '·') : undefined;
      const key = typed ? printValue(typed) : undefined;
      if (!v || !key || (keys.has(name) && keys.get(name) !== key)) {
        vetoed.add(name);
        out.delete(name);
        return;
      }
      keys.set(name, key);
      out.set(name, v);
    });
  }
  for (const name of op.typeOf) if (name && op.typeOf.filter((n) => n === name).length > 1) out.delete(name);
  return out;
}

const TLA_KINDS = new Set(['tensor', 'layout', 'tuple']);

/** The value of the name `arg` at offset `at`: its last declaration before it in a block around it, unless assigned again in between. */
function valueAt(toks: readonly Tok[], declared: readonly { name: string; at: number; value: Value }[], arg: string, at: number): Value | undefined {
  const seen = declared.filter((d) => d.name === arg && d.at < at && encloses(toks, d.at, at));
  const d = seen.sort((x, y) => x.at - y.at).at(-1);
  if (!d) return undefined;
  const assigned = toks.some((t, i) => t.t === arg && t.at > d.at && t.at < at && toks[i + 1]?.t === '=');
  return assigned ? undefined : d.value;
}

/** Whether the innermost block around `decl` also holds `use` (the name is visible there). */
function encloses(toks: readonly Tok[], decl: number, use: number): boolean {
  let depth = 0;
  for (const t of toks) {
    if (t.at <= decl) continue;
    if (t.at >= use) return true;
    if (t.t === '{') depth++;
    else if (t.t === '}' && --depth < 0) return false;
  }
  return true;
}

interface Call {
  at: number;
  /** Each argument's text when it is one name, else null. */
  args: (string | null)[];
}

/** The calls `obj(…)` of the kernel's objects of the block's type (`BlockMmad blockMmad(resource);`: a name of the block's class). */
function objectCalls(toks: readonly Tok[], blockNames: ReadonlySet<string>): Call[] {
  const objects = new Set<string>();
  for (let i = 0; i + 2 < toks.length; i++) {
    if (toks[i].k !== 'id' || !blockNames.has(toks[i].t) || toks[i + 1].k !== 'id' || !['(', '{', ';'].includes(toks[i + 2].t)) continue;
    if (['.', '->', '::'].includes(toks[i - 1]?.t ?? '')) continue;
    objects.add(toks[i + 1].t);
  }
  const calls: Call[] = [];
  for (let i = 1; i < toks.length; i++) {
    if (!objects.has(toks[i].t) || toks[i + 1]?.t !== '(') continue;
    const prev = toks[i - 1];
    if (prev.k === 'id' || ['.', '->', '::'].includes(prev.t)) continue; // its declaration, or another object's member
    const parts = splitList(toks, i + 1);
    if (!parts) return [];
    calls.push({ at: toks[i].at, args: parts.items.map((p) => (p.length === 1 && p[0].k === 'id' ? p[0].t : null)) });
  }
  return calls;
}

/** The items of the bracketed list opening at `open` (`(`, `<`), split at its own commas, and the index of its closing bracket. */
function splitList(toks: readonly Tok[], open: number): { items: Tok[][]; close: number } | undefined {
  const closing = toks[open].t === '<' ? '>' : ')';
  const items: Tok[][] = [];
  let part: Tok[] = [];
  let depth = 0;
  for (let j = open + 1; j < toks.length; j++) {
    const x = toks[j].t;
    if (depth === 0 && (x === closing || (closing === '>' && x === '>>'))) {
      if (part.length || items.length) items.push(part);
      return x === '>>' ? undefined : { items, close: j };
    }
    if (x === '(' || x === '[' || x === '{' || x === '<') depth++;
    else if (x === ')' || x === ']' || x === '}' || x === '>') depth--;
    else if (x === '>>') depth -= 2;
    if (depth < 0) return undefined;
    if (x === ',' && depth === 0) {
      items.push(part);
      part = [];
    } else part.push(toks[j]);
  }
  return undefined;
}

/** The body's one `operator()` defined as a member function template; undefined when there is none or several (overloads). */
function operatorTemplate(toks: readonly Tok[], body: InstanceBody): OperatorTemplate | undefined {
  const at: number[] = [];
  for (let i = 0; i + 3 < toks.length; i++)
    if (
      toks[i].t === 'operator' &&
      toks[i + 1].t === '(' &&
      toks[i + 2].t === ')' &&
      toks[i + 3].t === '(' &&
      toks[i].at > body.start &&
      toks[i].at < body.end
    )
      at.push(i);
  if (at.length !== 1) return undefined;
  const i = at[0];
  // `template <…>` before it, nothing but its declaration's words between (`CATLASS_DEVICE void`)
  let k = i - 1;
  while (k >= 0 && toks[k].t !== '>' && toks[k].t !== ';' && toks[k].t !== '{' && toks[k].t !== '}') k--;
  if (toks[k]?.t !== '>') return undefined;
  let open = -1;
  for (let j = k - 1; j >= 0 && toks[j].t !== ';' && toks[j].t !== '{' && toks[j].t !== '}'; j--)
    if (toks[j].t === '<' && toks[j - 1]?.t === 'template') {
      open = j;
      break;
    }
  const list = open < 0 ? undefined : splitList(toks, open);
  if (!list || list.close !== k) return undefined;
  const typeParams = new Set(
    list.items
      .filter((p) => (p[0]?.t === 'class' || p[0]?.t === 'typename') && p[1]?.k === 'id' && (p.length === 2 || p[2].t === '='))
      .map((p) => p[1].t),
  );
  const params = splitList(toks, i + 3);
  if (!params) return undefined;
  let b = params.close + 1;
  while (b < toks.length && toks[b].t !== '{' && toks[b].t !== ';') b++;
  if (toks[b]?.t !== '{') return undefined;
  let depth = 0;
  let end = -1;
  for (let j = b; j < toks.length; j++) {
    if (toks[j].t === '{') depth++;
    else if (toks[j].t === '}' && --depth === 0) {
      end = j;
      break;
    }
  }
  if (end < 0) return undefined;
  const typeOf = params.items.map((p) => {
    const cut = p.findIndex((x) => x.t === '=');
    const words = (cut < 0 ? p : p.slice(0, cut)).filter((x) => x.t !== 'const' && x.t !== '&');
    return words.length === 2 && words[0].k === 'id' && words[1].k === 'id' && typeParams.has(words[0].t) ? words[0].t : undefined;
  });
  // (the region starts where the template's parameters become visible: a lookup there reads these, not the class's)
  return { start: toks[k].end, end: toks[end].end, typeOf };
}
