// The in-process side of the benchmarks, bundled by bench/run.mjs into out/bench/lib.js:
// the analyzer, the layout core and its compiled form, and the baselines that need
// the sources (a whole-file ohm match, BigInt vs number arithmetic).
import * as ohm from 'ohm-js';
import * as core from '../server/src/core';
import { compileLayout } from '../server/src/core/compile';
import { grammarSource } from '../server/src/language/syntax/grammar.ohm';

export { core, compileLayout };
export { Analyzer, CppAnalyzer, LineIndex } from '../server/src/language';
export { parseStatement } from '../server/src/language/syntax/parser';
export { splitStatements } from '../server/src/language/syntax/statements';
export { scanCpp } from '../server/src/language/cpp/scanner';
export { DEBOUNCE_MS } from '../server/src/debounce';
export { SERVER_EXEC_ARGV } from '../shared/serverProcess';

// ------------------------------------------------------------ baseline: one ohm match of the whole file

let fileGrammar: ohm.Grammar | undefined;

/**
 * The design the issue warns against: the statement grammar extended with
 * `File = Statement*` and matched over the whole text at once (no AST built).
 */
export function wholeFileMatch(text: string): boolean {
  if (!fileGrammar) {
    const ns = ohm.grammars(`${grammarSource}\nTlaFile <: TlaStatement {\n  File = Statement*\n}\n`);
    fileGrammar = ns.TlaFile;
  }
  return fileGrammar.match(text, 'File').succeeded();
}

// ------------------------------------------------------------ the zN layout of the core benchmark

export function znHalf(rows: number, cols: number): core.Layout {
  return core.makeLayoutFromTag('half', 'zN', core.int(rows), core.int(cols));
}

/** The naive path: crd2offset on (row, col) for `count` elements in colexicographic order. */
export function naiveOffsets(l: core.Layout, rows: number, count: number): number {
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const r = i % rows;
    const c = (i - r) / rows;
    sum += Number(core.crd2offset(core.tuple(core.int(r), core.int(c)), l.shape, l.stride).value);
  }
  return sum;
}

/** The checksum bench/native/offsets.c prints, over the same array. */
export function checksum(out: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < out.length; i++) s = (s + out[i] * ((i % 7) + 1)) % 1000000007;
  return s;
}

// ------------------------------------------------------------ BigInt vs number checked arithmetic

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

function checkedBig(v: bigint): bigint {
  if (v < INT64_MIN || v > INT64_MAX) throw new core.LayoutError('overflow', `${v} does not fit in int64`);
  return v;
}

function checkedNum(v: number): number {
  if (!Number.isSafeInteger(v)) throw new core.LayoutError('overflow', `${v} is not a safe integer`);
  return v;
}

export interface ArithResult {
  /** ns per operation (one op = mul + add + div + mod, each checked) */
  coreIntValue: number;
  bigint: number;
  number: number;
  ops: number;
}

/**
 * The core's integer work, four ways: the core's own arith on IntValue objects (BigInt +
 * static marks), bare BigInt with the int64 check, plain numbers with the safe-integer
 * check. Same values (a crd2offset-like mix: split a coordinate by an extent, multiply by
 * a stride, accumulate), same checks, results compared so nothing is optimised away.
 */
export function arithmetic(n: number): ArithResult {
  const N = 4096;
  const ext = Array.from({ length: N }, (_, i) => 1 + ((i * 7919) % 255));
  const str = Array.from({ length: N }, (_, i) => (i * 104729) % 65536);
  const crd = Array.from({ length: N }, (_, i) => (i * 15485863) % 1000000);
  const extB = ext.map(BigInt);
  const strB = str.map(BigInt);
  const crdB = crd.map(BigInt);
  const extV = ext.map((x) => core.int(x, true));
  const strV = str.map((x) => core.int(x, false));
  const crdV = crd.map((x) => core.int(x, false));
  const A = core.arith;

  const runCore = () => {
    let acc: core.IntValue = core.int(0, true);
    for (let k = 0; k < n; k++) {
      const i = k & (N - 1);
      const here = A.mod(crdV[i], extV[i]);
      const rest = A.div(crdV[i], extV[i]);
      acc = A.add(acc, A.mul(here, strV[i]));
      acc = A.add(acc, rest);
      if (acc.value !== undefined && acc.value > 1n << 40n) acc = core.int(0, true);
    }
    return Number(core.concreteValue(acc));
  };
  const runBig = () => {
    let acc = 0n;
    for (let k = 0; k < n; k++) {
      const i = k & (N - 1);
      const e = extB[i];
      const c = crdB[i];
      const here = c % e;
      const rest = checkedBig(c / e);
      acc = checkedBig(acc + checkedBig(here * strB[i]));
      acc = checkedBig(acc + rest);
      if (acc > 1n << 40n) acc = 0n;
    }
    return Number(acc);
  };
  const runNum = () => {
    let acc = 0;
    for (let k = 0; k < n; k++) {
      const i = k & (N - 1);
      const e = ext[i];
      const c = crd[i];
      const here = c % e;
      const rest = checkedNum((c - here) / e);
      acc = checkedNum(acc + checkedNum(here * str[i]));
      acc = checkedNum(acc + rest);
      if (acc > 2 ** 40) acc = 0;
    }
    return acc;
  };
  const time = (f: () => number) => {
    f(); // warm up the JIT
    const t = performance.now();
    const r = f();
    return { ns: ((performance.now() - t) * 1e6) / n, r };
  };
  const a = time(runCore);
  const b = time(runBig);
  const c = time(runNum);
  if (a.r !== b.r || b.r !== c.r) throw new Error(`arithmetic variants disagree: ${a.r} ${b.r} ${c.r}`);
  return { coreIntValue: a.ns, bigint: b.ns, number: c.ns, ops: n };
}

// ------------------------------------------------------------ the server's path of one version, in process

import { DocumentAnalyses } from '../server/src/documents';
import { EditedDocument } from '../server/src/textDocument';
import { toLspDiagnostics } from '../server/src/features/diagnostics';
import { messageBytes } from '../server/src/diagnosticsJson';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';

/** CPU time of this process (user + system), in ms. */
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Per version: the CPU time of its analysis, of converting its diagnostics, of writing the message's bytes. */
export interface VersionCost {
  analysis: number;
  convert: number;
  bytes: number;
  diagnostics: number;
}

/**
 * What the server does for each version of a `.tla` document, without the wire: the document
 * sync's changes applied to its EditedDocument and told to DocumentAnalyses, then — once per
 * version, as after a debounce — the analysis, its LSP diagnostics and the bytes of the
 * publishDiagnostics message, each timed in CPU time (steadier than a round trip on a shared
 * machine). `versions[0]` is the open (no changes).
 */
export function serverPath(text: string, versions: TextDocumentContentChangeEvent[][]): VersionCost[] {
  const uri = 'file:///bench/path.tla';
  const analyses = new DocumentAnalyses();
  const doc = new EditedDocument(uri, 'tla-layout', 1, text);
  const costs: VersionCost[] = [];
  let version = 1;
  for (const changes of versions) {
    for (const change of changes) {
      const before = doc.length;
      if (!('range' in change)) throw new Error('serverPath: incremental changes only');
      const a = doc.offsetAt(change.range.start);
      const b = doc.offsetAt(change.range.end);
      doc.update([change], version + 1);
      analyses.changed(uri, before, { start: Math.min(a, b), removed: Math.abs(b - a), inserted: change.text.length });
    }
    if (changes.length) version++;
    const t0 = cpuNow();
    const a = analyses.get(doc);
    const t1 = cpuNow();
    const diagnostics = toLspDiagnostics(uri, a.analysis, a.lines, []);
    const t2 = cpuNow();
    messageBytes({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri, version, diagnostics } } as never);
    costs.push({ analysis: t1 - t0, convert: t2 - t1, bytes: cpuNow() - t2, diagnostics: diagnostics.length });
  }
  return costs;
}
