// Issue 24 problem 3, measured: for every TLA site line of the corpus's include/catlass, the
// scratchpad the command opens (the same function, in process) and whether it evaluates without
// an error. The share is printed; the test keeps a floor under it. Skipped, saying why, where
// the corpus is absent (a bare clone).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { scratchpad, scratchpadErrors } from '../../server/src/features/scratchpad';
import { SHARED_DIR } from '../helpers';
import { cppDoc, queuedInstances } from './cppTestKit';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyses } from '../../server/src/documents';
import { Analyzer, HeaderIndex, printValue } from '../../server/src/language';

const INCLUDE = path.join(SHARED_DIR, 'corpus', 'catlass', 'include', 'catlass');
const skip = existsSync(INCLUDE) ? false : `skipped: ${INCLUDE} is absent (a bare clone); CI has the Catlass corpus there`;

function headers(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) headers(p, out);
    else if (/\.(h|hpp)$/.test(e.name)) out.push(p);
  }
  return out.sort();
}

export interface ScratchpadMeasure {
  lines: number;
  evaluate: number;
  failures: { where: string; error: string }[];
}

/** Every site line of every TLA-using header of `dir`: a scratchpad opened at the site's start. */
export function measureScratchpads(dir: string): ScratchpadMeasure {
  const m: ScratchpadMeasure = { lines: 0, evaluate: 0, failures: [] };
  for (const file of headers(dir)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('tla::')) continue;
    const doc = { ...cppDoc(text), uri: pathToFileURL(file).href };
    const seen = new Set<number>();
    for (const s of doc.analysis.statements) {
      const at = doc.lines.position(doc.analysis.startOf(s));
      if (seen.has(at.line)) continue;
      seen.add(at.line);
      m.lines++;
      const where = `${path.relative(dir, file)}:${at.line + 1}`;
      const r = scratchpad(doc, { textDocument: { uri: doc.uri }, position: at });
      const errors = r.text ? scratchpadErrors(r.text) : [`no scratchpad: ${r.reason}`];
      if (errors.length === 0) m.evaluate++;
      else m.failures.push({ where, error: errors[0] });
    }
  }
  return m;
}

test('a scratchpad of every TLA site line of include/catlass evaluates', { skip }, () => {
  const m = measureScratchpads(INCLUDE);
  const share = (100 * m.evaluate) / m.lines;
  console.log(`scratchpads of include/catlass: ${m.evaluate} of ${m.lines} site lines evaluate without an error (${share.toFixed(1)}%)`);
  const byError = new Map<string, number>();
  for (const f of m.failures) {
    const k = f.error.replace(/'[^']*'/g, "'…'").slice(0, 90);
    byError.set(k, (byError.get(k) ?? 0) + 1);
  }
  for (const [k, n] of [...byError].sort((x, y) => y[1] - x[1]).slice(0, 25)) console.log(`  ${n}× ${k}`);
  if (process.env.SCRATCH_FAILURES) for (const f of m.failures) console.log(`  ${f.where}: ${f.error}`);
  // measured 1,560 of 1,698 (91.9%) on Catlass 1.6.1, 291 (17.1%) before issue 24's problem 3
  assert.ok(share >= 90, `${share.toFixed(1)}% of the scratchpads evaluate, fewer than the floor of 90%`);
  // the three lines issue 24 names, and a kernel's layout called with a coordinate (L1AP_LAYOUT(tla::MakeCoord(r, c)))
  for (const where of [
    'gemm/block/block_mmad_pingpong_tla.hpp:150',
    'gemm/kernel/basic_matmul_tla.hpp:165',
    'gemm/block/block_mmad_pingpong_tla.hpp:329',
    'gemm/block/block_mmad_pingpong_symm_left_tla.hpp:379',
  ])
    assert.equal(m.failures.find((f) => f.where === where)?.error, undefined, where);
});

// With the workspace's one instantiation of BlockMmadTla (example 13 alone: basic_matmul_tla.cpp:105,
// which selects block_mmad_pingpong_tla.hpp), the scratchpad of L1A_LAYOUT carries the instantiation's
// values instead of placeholders. Expected from the inst-sites golden (site-43): L1A_LAYOUT shape
// ((_16,_8),(_16,_16)), stride ((_16,_256),(_1,2048)) — a zN layout of 128×256 halfs.
const CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass');
const EXAMPLE = path.join(CORPUS, 'examples', '13_basic_matmul_tla');
const PINGPONG = path.join(INCLUDE, 'gemm', 'block', 'block_mmad_pingpong_tla.hpp');

test('under the workspace instantiation, the scratchpad of block_mmad_pingpong_tla.hpp:150 has its values', { skip }, async () => {
  const root = path.join(CORPUS, 'include');
  const index = new HeaderIndex();
  for (const f of headers(root)) index.setFile(f, readFileSync(f, 'utf8'));
  const { instances, queue } = queuedInstances(index, root);
  await instances.configure([EXAMPLE], [root]);
  const text = readFileSync(PINGPONG, 'utf8');
  instances.instanceOf(PINGPONG, text);
  while (queue.length) queue.shift()!();
  const analyses = new DocumentAnalyses();
  analyses.instanceOf = (_uri, t) => instances.instanceOf(PINGPONG, t);
  const doc = analyses.get(TextDocument.create(pathToFileURL(PINGPONG).href, 'cpp', 1, text));
  assert.ok(doc.instances?.length, 'no instantiation found');
  const line = text.split('\n').findIndex((l) => l.includes('tla::MakeLayout<ElementA, LayoutTagL1A>(tla::Int<L1_TILE_M>{}'));
  const r = scratchpad(doc, { textDocument: { uri: doc.uri }, position: { line, character: 12 } });
  assert.ok(r.text, r.reason ?? '');
  // `static constexpr uint32_t L1_TILE_M = tla::get<0>(L1TileShape{});` holds a uint32_t: 128, not the
  // static _128 of get<0> itself (C++ converts it; `Int<L1_TILE_M>{}` in the print is static again)
  assert.match(r.text, /auto L1_TILE_M = 128; \/\/ as instantiated at basic_matmul_tla\.cpp:105/);
  assert.match(r.text, /auto L1_TILE_K = 256; \/\/ as instantiated at/);
  assert.match(r.text, /\/\/ LayoutTagL1A is zN as instantiated at/);
  assert.doesNotMatch(r.text, /put in its place/);
  const a = new Analyzer().analyze(r.text);
  assert.deepEqual(a.diagnostics, []);
  assert.equal(printValue(a.statements[a.statements.length - 1].result!.value!), '((_16,_8),(_16,_16)):((_16,_256),(_1,2048)):(_128,_256)');
});
