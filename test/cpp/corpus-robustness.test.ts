// Every C++ file of ../shared/corpus/catlass that uses TLA: analysed without a throw,
// everything it reports inside the file, the same analysis when it yields after every
// evaluation (budget 0, continued to the end) as in one call, and with \r\n and lone \r
// line ends the same sites on the same lines. Skipped when the corpus is absent.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { test } from 'node:test';
import { CppAnalyzer, printValue } from '../../server/src/language';
import { CORPUS_DIR, checkCppRanges, cppCorpus } from '../fuzz/cppFuzz';
import { analyzeFully, cppObservable } from './cppTestKit';

const present = existsSync(CORPUS_DIR);

test(
  'the C++ corpus: no throw, ranges inside, a yielding analysis equals a whole one',
  { skip: present ? false : `${CORPUS_DIR} is absent (a bare clone): nothing to check` },
  () => {
    const files = cppCorpus();
    assert.ok(files.length > 100, `${files.length} files`);
    const differ: string[] = [];
    for (const f of files) {
      const whole = new CppAnalyzer().analyze(f.text);
      assert.equal(whole.complete, true);
      checkCppRanges(f.text, whole, [0, 0.25, 0.5, 0.75, 1]);
      const slicer = new CppAnalyzer();
      slicer.budgetMs = 0;
      if (!isDeepStrictEqual(cppObservable(analyzeFully(slicer, f.text)), cppObservable(whole))) differ.push(f.name);
    }
    assert.deepEqual(differ, []);
  },
);

test(
  'the C++ corpus with \\r\\n and lone \\r line ends: the same sites and values',
  { skip: present ? false : `${CORPUS_DIR} is absent (a bare clone): nothing to check` },
  () => {
    const lineOf = (text: string) => {
      const starts = [0];
      for (const m of text.matchAll(/\r\n|\r|\n/g)) starts.push(m.index! + m[0].length);
      return (o: number) => {
        let lo = 0;
        let hi = starts.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (starts[mid] <= o) lo = mid;
          else hi = mid - 1;
        }
        return lo;
      };
    };
    const sites = (text: string) => {
      const at = lineOf(text);
      const a = new CppAnalyzer().analyze(text);
      return a.statements.map((s) => [at(a.startOf(s)), s.result?.value ? printValue(s.result.value) : null]);
    };
    const differ: string[] = [];
    for (const f of cppCorpus()) {
      const lf = f.text.replace(/\r\n?/g, '\n');
      const want = sites(lf);
      for (const eol of ['\r\n', '\r'])
        if (!isDeepStrictEqual(sites(lf.replace(/\n/g, eol)), want)) differ.push(`${f.name} (${JSON.stringify(eol)})`);
    }
    assert.deepEqual(differ, []);
  },
);
