// The `for` loop that declares a kernel's loop index, read from the C++ text: its start, its
// bound and its step, as written (`for (uint32_t kIdx = 0; kIdx < kTiles; kIdx++)`), and those
// texts as numbers where the file's constants make them known. The layout view steps a tile's
// loop index within them.
import * as core from '../../core';
import { Analyzer } from '../analysis';
import type { DocumentAnalysis } from '../analysis';
import type { Bindings } from '../syntax';

/** A loop header as written: `start` the index's initialiser, `end` its bound (`<` or `<=`), `step` its increment. */
export interface LoopHeader {
  start: string;
  end: string;
  inclusive: boolean;
  step: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first `for (T name = start; name < end; name++ | ++name | name += step)` of the text. */
export function loopOf(text: string, name: string): LoopHeader | undefined {
  const n = escape(name);
  const header = new RegExp(
    `\\bfor\\s*\\(\\s*(?:const\\s+)?(?:[A-Za-z_][\\w:]*\\s+)?${n}\\s*=\\s*([^;]+?)\\s*;\\s*${n}\\s*(<=?)\\s*([^;]+?)\\s*;\\s*(?:\\+\\+\\s*${n}|${n}\\s*\\+\\+|${n}\\s*\\+=\\s*([^;{\\n]+?))\\s*\\)\\s*(?:\\{|$)`,
    'm',
  );
  const m = header.exec(text);
  if (!m) return undefined;
  return { start: m[1], end: m[3], inclusive: m[2] === '<=', step: m[4] ?? '1' };
}

const IDENTIFIER = /\b[A-Za-z_]\w*\b/g;
const NUMBER_SUFFIX = /\b(\d+)(?:[uU][lL]{0,2}|[lL]{1,2}[uU]?)\b/g;

/**
 * An integer expression of the kernel as a number: literals, and names the analysis knows as
 * numbers, that `bound` binds (the runtime names the user gave numbers: `k`, `params.k`,
 * `blockCoord.m()`) or that the text initialises once before `before` (`uint32_t kTiles = (K + 63) / 64;`),
 * evaluated by the .tla evaluator (C++'s integer arithmetic). Undefined when any part is unknown.
 */
export function integerOf(
  expr: string,
  a: DocumentAnalysis,
  text: string,
  before: number,
  depth = 0,
  bound: Bindings = new Map(),
): bigint | undefined {
  if (depth > 4) return undefined;
  // a bound member or call (`params.k`, `params->k`, `blockCoord.m()`) is its number
  for (const [name, v] of bound) {
    if (/^[A-Za-z_]\w*$/.test(name)) continue;
    const written = escape(name)
      .replace(/\\\./g, '\\s*(?:\\.|->)\\s*')
      .replace(/\\\(\\\)$/, '\\s*\\(\\s*\\)');
    expr = expr.replace(new RegExp(`(?<![\\w.>])${written}(?![\\w(])`, 'g'), `(${v})`);
  }
  const lines: string[] = [];
  for (const id of new Set(expr.match(IDENTIFIER) ?? [])) {
    const v = a.declarations.get(id)?.value;
    let value = v?.kind === 'int' && core.isConcreteInt(v) ? v.value : bound.get(id);
    if (value === undefined) {
      // its one initialisation before the loop: `uint32_t kTiles = …;` (two or none: unknown)
      const inits = [...text.slice(0, before).matchAll(new RegExp(`\\b${escape(id)}\\s*(?:=\\s*([^;{]+?)|\\{([^;}]+)\\})\\s*;`, 'g'))];
      if (inits.length !== 1) return undefined;
      value = integerOf(inits[0][1] ?? inits[0][2], a, text, inits[0].index, depth + 1, bound);
    }
    if (value === undefined) return undefined;
    lines.push(`constexpr int64_t ${id} = ${value};`);
  }
  const r = new Analyzer().analyze(`${lines.join('\n')}\nauto value__ = ${expr.replace(NUMBER_SUFFIX, '$1')};\n`).declarations.get('value__')?.value;
  return r?.kind === 'int' && core.isConcreteInt(r) ? r.value : undefined;
}
