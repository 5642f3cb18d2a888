// The C++ path parses its pieces of TLA with the fast parser alone: it only asks "is this
// TLA?" (anything else is C++ for clangd), so ohm's grammar, which only adds error messages,
// is never built on the way to a kernel's first diagnostics. Safe because the two parsers
// accept the same texts: checked here on every piece the C++ analysis declines in the corpus.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { CppAnalyzer } from '../../server/src/language';
import { parseStatementWithOhm, parseValidStatement } from '../../server/src/language/syntax/parser';
import { SHARED_DIR } from '../helpers';

/** Self-written, in the corpus's idioms: TLA beside C++ aliases and calls the language does not read. */
const KERNEL = [
  '#include "tla/layout.hpp"',
  'using namespace tla;',
  'template <class Base>',
  'struct Kernel {',
  '  using ElementA = typename Base::ElementA;',
  '  using PointerA = typename Base::ElementA *;',
  '  using Scheduler = typename Gemm::Block::GemmIdentityBlockSwizzle<3, 0>;',
  '  __aicore__ inline void operator()(uint32_t m) {',
  '    auto layoutA = tla::MakeLayout<half, layout::zN>(64, 32);',
  '    auto plain = Scheduler::Run<ElementA>(m) ->* Other;',
  '  }',
  '};',
].join('\n');

// The child: analyse the kernel in a fresh process and say whether ohm-js was ever loaded.
if (process.env.TLA_FAST_ONLY_CHILD) {
  const a = new CppAnalyzer().analyze(KERNEL);
  const ohmLoaded = Object.keys(require.cache).some((k) => /[\\/]ohm-js[\\/]/.test(k));
  process.stdout.write(JSON.stringify({ statements: a.statements.length, ohmLoaded }));
  process.exit(0);
}

test('a kernel with C++ that is not TLA is analysed without loading ohm', () => {
  const out = execFileSync(process.execPath, [__filename], { env: { ...process.env, TLA_FAST_ONLY_CHILD: '1' }, encoding: 'utf8' });
  const r = JSON.parse(out) as { statements: number; ohmLoaded: boolean };
  assert.ok(r.statements >= 1, `the kernel's TLA was analysed (${r.statements} statements)`);
  assert.equal(r.ohmLoaded, false, 'the C++ path loaded ohm-js');
});

test('the pieces the C++ analysis reads as TLA and declines are the same with the fast parser alone', () => {
  const declined = new Set<string>();
  const a = new CppAnalyzer();
  a.parsePiece = (t) => {
    const s = parseValidStatement(t);
    if (!s) declined.add(t);
    return s;
  };
  const r = a.analyze(KERNEL);
  assert.ok(r.statements.some((s) => s.result?.value?.kind === 'layout'));
  assert.ok(
    [...declined].some((t) => t.includes('Base::ElementA *')),
    [...declined].join('\n'),
  );
  for (const t of declined) assert.equal(parseStatementWithOhm(t).ok, false, `ohm accepts what the fast parser declines: ${t}`);
});

const CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass');
const skip = existsSync(CORPUS) ? false : `skipped: ${CORPUS} is absent (a bare clone)`;

test('corpus: ohm rejects every piece of TLA text the C++ analysis declines', { skip }, () => {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(h|hpp|cpp)$/.test(e.name)) files.push(p);
    }
  };
  walk(CORPUS);
  const declined = new Set<string>();
  let tla = 0;
  for (const f of files) {
    const a = new CppAnalyzer();
    a.parsePiece = (t) => {
      const s = parseValidStatement(t);
      if (!s) declined.add(t);
      return s;
    };
    if (a.analyze(readFileSync(f, 'utf8')).usesTla) tla++;
  }
  assert.ok(tla > 100 && declined.size > 100, `${tla} files use TLA, ${declined.size} pieces declined`);
  const accepted = [...declined].filter((t) => parseStatementWithOhm(t).ok);
  assert.deepEqual(accepted, []);
});
