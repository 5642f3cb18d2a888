// Shared by the C++ robustness tests and the fuzz: documents, what a user can observe of
// a C++ analysis, and a synthetic kernel-sized header.
import type { AnalysedDocument } from '../../server/src/documents';
import { hover } from '../../server/src/features/hover';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  CppAnalyzer,
  HeaderIndex,
  evaluateScratch,
  headerNameUnder,
  includesOfText,
  indexIncludes,
  printValue,
  siteScratchText,
} from '../../server/src/language';
import { declarationSpan } from '../../server/src/language/analysis/documentAnalysis';
import { CppAnalysis } from '../../server/src/language/cpp/kernelAnalysis';
import { analysedDocument, hoverAtText } from '../language/fixture';
import { TemplateInstances } from '../../server/src/templateInstances';

/**
 * The instantiation index over `index` (headers under `root`), its turns queued instead of scheduled:
 * a test runs them (`queue.shift()!()`) when it means the background work to have happened.
 */
export function queuedInstances(index: HeaderIndex, root: string): { instances: TemplateInstances; queue: (() => void)[] } {
  const queue: (() => void)[] = [];
  const instances = new TemplateInstances(
    () => ({ index, root }),
    (run) => void queue.push(run),
  );
  return { instances, queue };
}

export const cppDoc = (text: string, analysis?: CppAnalysis): AnalysedDocument => analysedDocument(text, { cpp: true, analysis });

/** Analyses to the end: a call that yielded (time budget) is continued, as the server does. */
export function analyzeFully(analyzer: CppAnalyzer, text: string): CppAnalysis {
  for (let i = 0; ; i++) {
    const a = analyzer.analyze(text);
    if (a.complete) return a;
    if (i > 1_000_000) throw new Error('the analysis never completes');
  }
}

/** Everything a user can see of a C++ analysis: diagnostics, every site with its place and value, the declared names. */
export function cppObservable(a: CppAnalysis): unknown {
  return {
    usesTla: a.usesTla,
    complete: a.complete,
    diagnostics: a.diagnostics.map((d) => [d.code, d.severity, d.start, d.end, d.message]),
    sites: a.statements.map((s) => [a.startOf(s), a.endOf(s), s.result?.value ? printValue(s.result.value) : null]),
    declarations: [...a.declarations.values()].map((d) => [
      d.name,
      declarationSpan(a, d).start,
      declarationSpan(a, d).end,
      d.value ? printValue(d.value) : null,
    ]),
  };
}

export const hoverText = (h: ReturnType<typeof hover>): string =>
  h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';

/** The hover at the first occurrence of `needle` (plus `delta` characters). */
export const hoverAt = (d: AnalysedDocument, needle: string, delta = 1): string => hoverAtText(d, needle, delta);

export const INCLUDE = '#include "tla/layout.hpp"\n';
/** A normal TLA line, and its value by hand: MakeLayout(shape, stride) has originShape = the shape's mode products. */
export const OK_LINE = 'auto ok = tla::MakeLayout(tla::MakeShape(4, 8), tla::MakeStride(8, 1));';
export const OK_VALUE = '(4,8):(8,1):(4,8)';

/**
 * A kernel-like header of about `bytes` characters: functions with constants, aliases and
 * TLA calls, in the shapes Catlass uses (each function's values are independent).
 */
export function syntheticHeader(bytes: number): string {
  const parts = [INCLUDE, 'namespace Catlass::Gemm::Block {\n'];
  let size = parts.join('').length;
  for (let i = 0; size < bytes; i++) {
    const f =
      `// block ${i}: a row-major tile and its offsets\n` +
      `template <class ElementA, uint32_t TILE_K${i} = ${16 * ((i % 8) + 1)}>\n` +
      `struct Block${i} {\n` +
      `    static constexpr uint32_t M${i} = ${(i % 97) + 1};\n` +
      `    __aicore__ inline void operator()(uint32_t m, uint32_t k)\n` +
      `    {\n` +
      `        auto layout${i} = tla::MakeLayout(tla::MakeShape(M${i}, TILE_K${i}), tla::MakeStride(TILE_K${i}, 1));\n` +
      `        int64_t off${i} = layout${i}(tla::MakeCoord(1, 2));\n` +
      `        AscendC::DataCopy(dst[off${i}], src, m * k); /* not TLA */\n` +
      `    }\n` +
      `};\n`;
    parts.push(f);
    size += f.length;
  }
  parts.push('}  // namespace Catlass::Gemm::Block\n');
  return parts.join('');
}

/**
 * A corpus file's instantiation site (`using X = …;` at 1-based `line`) resolved as `eval --instance`
 * does, over the headers it includes under `include`: the scratch's result and the alias it declares.
 */
export function corpusSiteScratch(corpus: string, file: string, line: number) {
  const include = path.join(corpus, 'include');
  const read = (p: string) => {
    try {
      return statSync(p).isFile() ? readFileSync(p, 'utf8') : undefined;
    } catch {
      return undefined;
    }
  };
  const { text, alias } = siteScratchText(readFileSync(path.join(corpus, file), 'utf8'), line);
  const index = new HeaderIndex();
  indexIncludes(index, include, includesOfText(text), read);
  return { include, alias, res: evaluateScratch(text, index, headerNameUnder(include), 2201, include) };
}
