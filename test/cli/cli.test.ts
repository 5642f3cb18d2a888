// The `tla-layout` command as users run it: the built dist/cli.js in a child process.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers';

const cli = path.join(ROOT, 'dist', 'cli.js');
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: ROOT });
const tmp = mkdtempSync(path.join(tmpdir(), 'tla-cli-'));
const file = (name: string, text: string) => {
  const p = path.join(tmp, name);
  writeFileSync(p, text);
  return p;
};

test('--help prints usage and exits 0', () => {
  const r = run('--help');
  assert.equal(r.status, 0);
  assert.match(r.stdout, /Usage:/);
  assert.match(r.stdout, /tla-layout check FILE/);
});

test('no arguments is a usage error: usage on stderr, exit 2 like a bad flag', () => {
  const r = run();
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /Usage:/);
  assert.equal(run('--bad-flag').status, 2);
});

test('check prints file:line:col: severity CODE message and exits 1 on errors', () => {
  const bad = file('bad.tla', 'auto a = MakeShape(4, 4);\nauto o = crd2offset(MakeCoord(1, 2, 3), a, MakeStride(1, 4));\n');
  const r = run('check', bad);
  assert.equal(r.status, 1);
  assert.equal(r.stdout.trim(), `${bad}:2:21: error rank-mismatch coord rank 3 differs from shape rank 2`);
});

test('check exits 0 when only warnings or nothing', () => {
  const ok = file('ok.tla', 'auto l = MakeLayout<half, zN>(100, 100);\nauto o = l(MakeCoord(MakeCoord(9, 6), 0));\n');
  const r = run('check', ok);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /ok\.tla:2:12: warning coord-in-padding /);
  const clean = file('clean.tla', 'auto a = 1;\n');
  assert.equal(run('check', clean).stdout, '');
  assert.equal(run('check', clean).status, 0);
});

test('a missing file is a clear error, not a stack trace', () => {
  const r = run('check', path.join(tmp, 'nope.tla'));
  assert.equal(r.status, 2);
  assert.match(r.stderr, /cannot read '.*nope\.tla': no such file/);
  assert.doesNotMatch(r.stderr, /at .*\.js:\d+/);
  const e = run('eval', path.join(tmp, 'nope.tla'));
  assert.equal(e.status, 2);
});

test('eval prints values; --json has the documented shape', () => {
  const f = file(
    'guide.tla',
    [
      'using namespace tla;',
      'Layout a = Layout<Shape<Shape<_4, _2>, Shape<_4, _3>>, Stride<Stride<_4, _16>, Stride<_1, _32>>, Shape<_8, _12>>{};',
      'Layout a0 = GetTileLayout(a, MakeShape(4, 4), MakeCoord(6, 10));',
      'print(a(MakeCoord(1, 5)));',
      'auto bad = nope;',
    ].join('\n'),
  );
  const text = run('eval', f);
  assert.equal(text.status, 1);
  assert.match(text.stdout, /guide\.tla:2: a = \(\(_4,_2\),\(_4,_3\)\):\(\(_4,_16\),\(_1,_32\)\):\(_8,_12\)   rank 2, depth 2, size 96, cosize 96/);
  // the guide: originShape cropped to (2, 2); tile shape nested like the parent: ((_4, 1), (_4, 1))
  assert.match(text.stdout, /guide\.tla:3: a0 = \(\(_4,1\),\(_4,1\)\):\(\(_4,_16\),\(_1,_32\)\):\(2,2\)/);
  assert.match(text.stdout, /guide\.tla:4: 37/);

  const r = run('eval', f, '--json');
  const j = JSON.parse(r.stdout);
  assert.equal(j.file, f);
  assert.equal(j.statements.length, 5);
  assert.deepEqual(j.statements[0], { line: 1, name: null, value: null, diagnostics: [] });
  // cosize by hand: (4-1)*4 + (2-1)*16 + (4-1)*1 + (3-1)*32 + 1 = 12 + 16 + 3 + 64 + 1 = 96
  assert.deepEqual(j.statements[1].value, {
    kind: 'layout',
    text: '((_4,_2),(_4,_3)):((_4,_16),(_1,_32)):(_8,_12)',
    shape: '((_4,_2),(_4,_3))',
    stride: '((_4,_16),(_1,_32))',
    originShape: '(_8,_12)',
    rank: 2,
    depth: 2,
    size: 96,
    cosize: 96,
  });
  assert.deepEqual(j.statements[3].value, { kind: 'int', text: '37' });
  assert.deepEqual(j.statements[4].diagnostics, [
    { line: 5, column: 12, endLine: 5, endColumn: 16, severity: 'error', code: 'unknown-name', message: "unknown name 'nope'" },
  ]);
  // the guide's own tile starts at (6, 10), not a multiple of (4, 4): information, then the error
  assert.deepEqual(
    j.diagnostics.map((d: { code: string }) => d.code),
    ['tile-misaligned', 'unknown-name'],
  );
});

test('a tile is itself: eval says what it is, render --text draws it at tile-relative coordinates (issue 14)', () => {
  // the guide's layout a and its tile at (6, 10): valid min(4, 8 − 6) = 2, min(4, 12 − 10) = 2
  const f = file(
    'tile.tla',
    'using namespace tla;\nLayout a = Layout<Shape<Shape<_4, _2>, Shape<_4, _3>>, Stride<Stride<_4, _16>, Stride<_1, _32>>, Shape<_8, _12>>{};\nLayout a0 = GetTileLayout(a, MakeShape(4, 4), MakeCoord(6, 10));\n',
  );
  const e = run('eval', f);
  assert.match(e.stdout, /a0 = \(\(_4,1\),\(_4,1\)\):\(\(_4,_16\),\(_1,_32\)\):\(2,2\) .* tile \(4,4\) of a at \(6,10\), valid \(2,2\): a tail tile/);
  const r = run('render', f, 'a0', '--text');
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.equal(lines[0], 'a0 = ((_4,1),(_4,1)):((_4,_16),(_1,_32)):(2,2)');
  assert.equal(lines[1], 'tile (4,4) of a at (6,10), valid (2,2): a tail tile');
  // tile-relative: row 1, col 1 of the tile = 1·4 + 1·1 = 5 (stride kept); rows and cols 2, 3 are its tail
  assert.match(r.stdout, /\n {4}1 +4 +5 +\(6\) +\(7\)\n/);
  assert.match(r.stdout, /\n {4}2 +\(8\) +\(9\) +\(10\) +\(11\)\n/);
  assert.match(r.stdout, /valid 2×2 of 4×4/);
  // the SVG's title is the tile's own value
  const svg = path.join(tmp, 'a0.svg');
  assert.equal(run('render', f, 'a0', '--svg', svg).status, 0);
  assert.match(readFileSync(svg, 'utf8'), /<title>a0: \(\(_4,1\),\(_4,1\)\):\(\(_4,_16\),\(_1,_32\)\):\(2,2\)<\/title>/);
});

// ------------------------------------------------------------------ C++ files (issue 12, item 4)

const kernel = path.join(ROOT, 'examples', 'cpp', 'matmul_kernel.cpp');

test('check on a C++ kernel uses the C++ analysis: no syntax errors, exit 0', () => {
  // before: the C++ was parsed as .tla, 7 syntax errors and exit 1
  const r = run('check', kernel);
  assert.equal(r.stdout, '');
  assert.equal(r.status, 0);
});

test('check on C++ prints the certain warnings at their place and exits 0; an unreadable file still exits 2', () => {
  const w = file('w.hpp', '#include "tla/layout.hpp"\nauto l = tla::MakeLayout(tla::MakeShape(4, 8), tla::MakeStride(1));\n');
  const r = run('check', w);
  assert.equal(r.status, 0);
  // the stride argument MakeStride(1) starts at column 48
  assert.equal(r.stdout.trim(), `${w}:2:48: warning rank-mismatch shape and stride ranks differ: shape rank 2 vs stride rank 1`);
  // .tla and C++ files in one run, each analysed as what it is
  const bad = file('bad2.tla', 'auto x = nope;\n');
  const both = run('check', w, bad);
  assert.equal(both.status, 1);
  assert.match(both.stdout, /w\.hpp:2:48: warning rank-mismatch/);
  assert.match(both.stdout, /bad2\.tla:1:10: error unknown-name/);
  assert.equal(run('check', path.join(tmp, 'nope.cpp')).status, 2);
});

test('eval on C++ lists every TLA site with line, column, source text and value (--json too)', () => {
  const r = run('eval', kernel);
  assert.equal(r.status, 0);
  const out = r.stdout.trim().split('\n');
  // values by hand: see test/cpp/kernel.test.ts
  assert.ok(out.includes(`${kernel}:23:24: MakeLayout<half, Catlass::layout::RowMajor>(M, K)  ▸ (300,200):(200,_1):(300,200)`), out.join('\n'));
  assert.ok(out.includes(`${kernel}:30:27: layoutC(MakeCoord(17, 33))  ▸ 10001`));
  assert.ok(
    out.includes(
      `${kernel}:17:21: using LayoutTileA = Layout<Shape<_128, _64>, Stride<_64, _1>, Shape<_128, _64>>  ▸ (_128,_64):(_64,_1):(_128,_64)`,
    ),
  );
  assert.equal(out.length, 9); // the alias and the 8 hinted sites

  const j = JSON.parse(run('eval', kernel, '--json').stdout);
  assert.equal(j.language, 'cpp');
  assert.equal(j.usesTla, true);
  assert.deepEqual(j.diagnostics, []);
  assert.equal(j.sites.length, 9);
  assert.deepEqual(
    j.sites.find((s: { line: number }) => s.line === 28),
    {
      line: 28,
      column: 22,
      text: 'GetTileLayout(layoutC, MakeShape(BLOCK_M, BLOCK_N), MakeCoord(256, 256))',
      // the tail block of C: valid min(128, 300−256) = 44, min(256, 500−256) = 244
      value: '((_16,8),(_16,16)):((_16,_256),(_1,4864)):(44,244)',
    },
  );
  assert.deepEqual(j.sites[0], {
    line: 17,
    column: 21,
    text: 'Layout<Shape<_128, _64>, Stride<_64, _1>, Shape<_128, _64>>',
    alias: 'LayoutTileA',
    value: '(_128,_64):(_64,_1):(_128,_64)',
  });
});

test('eval on a C++ file without TLA lists nothing', () => {
  const plain = file('plain.cpp', 'int main() { return 0; }\n');
  const r = run('eval', plain, '--json');
  assert.equal(r.status, 0);
  assert.deepEqual(JSON.parse(r.stdout).sites, []);
  assert.equal(run('eval', plain).stdout, '');
});

// ------------------------------------------------------------------ trees, summary, bindings (issue 24)

test('check --quiet is silent on success: a hint and a warning print nothing, exit 0 (issue 24 Deliver 4)', () => {
  // the guide's tile at (6, 10) of a (4, 4) tiling: a tile-misaligned hint; shape rank 2, stride rank 1: a warning
  const hinted = file(
    'quiet.tla',
    [
      'using namespace tla;',
      'Layout a = Layout<Shape<Shape<_4, _2>, Shape<_4, _3>>, Stride<Stride<_4, _16>, Stride<_1, _32>>, Shape<_8, _12>>{};',
      'Layout a0 = GetTileLayout(a, MakeShape(4, 4), MakeCoord(6, 10));',
    ].join('\n'),
  );
  const warned = file('quiet.hpp', '#include "tla/layout.hpp"\nauto l = tla::MakeLayout(tla::MakeShape(4, 8), tla::MakeStride(1));\n');
  const loud = run('check', hinted, warned);
  assert.match(loud.stdout, /hint tile-misaligned/);
  assert.match(loud.stdout, /warning rank-mismatch/);
  const r = run('check', '--quiet', hinted, warned);
  assert.equal(r.status, 0);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, '');
});

test('check DIR walks it for .tla and C++ files (not hidden folders, not other files) and says how many on stderr', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tla-cli-tree-'));
  const put = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  put('a.tla', 'auto x = nope;\n'); // 1 error
  put('kernels/deep/w.hpp', '#include "tla/layout.hpp"\nauto l = tla::MakeLayout(tla::MakeShape(4, 8), tla::MakeStride(1));\n'); // 1 warning
  put('kernels/plain.cpp', 'int main() { return 0; }\n'); // no TLA: nothing
  put('notes.txt', 'auto x = nope;\n'); // not a source: not read
  put('.git/x.tla', 'auto x = nope;\n'); // hidden: not walked
  const r = run('check', dir);
  assert.equal(r.status, 1);
  assert.deepEqual(r.stdout.trim().split('\n'), [
    `${path.join(dir, 'a.tla')}:1:10: error unknown-name unknown name 'nope'`,
    `${path.join(dir, 'kernels/deep/w.hpp')}:2:48: warning rank-mismatch shape and stride ranks differ: shape rank 2 vs stride rank 1`,
  ]);
  // a.tla, kernels/deep/w.hpp, kernels/plain.cpp
  assert.equal(r.stderr.trim(), 'checked 3 files: 1 error, 1 warning');
  // --quiet: the errors only (no warning, no summary), exit status as without it
  const quiet = run('check', '--quiet', dir);
  assert.equal(quiet.status, 1);
  assert.equal(quiet.stderr, '');
  assert.equal(quiet.stdout.trim(), `${path.join(dir, 'a.tla')}:1:10: error unknown-name unknown name 'nope'`);
  // a clean file: nothing on stdout, the summary on stderr
  const clean = run('check', path.join(dir, 'kernels/plain.cpp'));
  assert.equal(clean.stdout, '');
  assert.equal(clean.stderr.trim(), 'checked 1 file: 0 errors, 0 warnings');
});

test('--bind gives runtime names numbers: render draws a kernel layout of symbolic sizes; a // tla: comment binds too, --bind over it', () => {
  const k = file(
    'bound.cpp',
    '#include "tla/layout.hpp"\nvoid f(uint32_t m, uint32_t k) {\n  auto layoutA = tla::MakeLayout<half, Catlass::layout::RowMajor>(m, k);\n}\n',
  );
  const unbound = run('render', k, 'layoutA');
  // not drawn, but not a usage error (firstday7): its symbolic value on stdout (RowMajor (m, k): stride (k, _1)),
  // what would draw it on stderr, status 1 as README's CLI section says
  assert.equal(unbound.status, 1);
  assert.equal(unbound.stdout, 'layoutA = (m,k):(k,_1):(m,k)\n');
  // the flag names the layout's own runtime names (firstday6: not a fixed m=1000,k=512 whatever the names)
  assert.match(unbound.stderr, /'layoutA' is not drawn: its sizes are known only at run time; bind m and k to draw it: --bind m=…,k=…/);
  const r = run('render', k, 'layoutA', '--bind', 'm=3,k=4');
  assert.equal(r.status, 0, r.stderr);
  // RowMajor (3, 4): stride (k, 1) = (4, _1); offset of (r, c) = 4r + c; bound values are runtime ones (no `_`)
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines[0], 'layoutA = (3,4):(4,_1):(3,4)');
  assert.deepEqual(
    lines.slice(2, 5).map((l) => l.trim().split(/\s+/).map(Number)),
    [
      [0, 0, 1, 2, 3],
      [1, 4, 5, 6, 7],
      [2, 8, 9, 10, 11],
    ],
  );
  // the file's own comment binds m and k; --bind wins over it
  const commented = file('commented.cpp', `// tla: m=2 k=5\n${readFileSync(k, 'utf8')}`);
  assert.match(run('eval', commented).stdout, /MakeLayout<half, Catlass::layout::RowMajor>\(m, k\) {2}▸ \(2,5\):\(5,_1\):\(2,5\)/);
  assert.match(run('eval', commented, '--bind=k=7').stdout, /▸ \(2,7\):\(7,_1\):\(2,7\)/);
  // a .tla file: `uint32_t m;` is the runtime value --bind gives
  const tla = file('bound.tla', 'uint32_t m;\nauto l = MakeLayout<half, RowMajor>(m, 8);\n');
  assert.match(run('eval', tla, '--bind', 'm=6').stdout, /l = \(6,8\):\(8,_1\):\(6,8\)/);
  // its // tla: comment binds m as in C++ (RowMajor (1000, 64): stride (64, _1)); --bind over it
  const tlaCommented = file('commented.tla', '// tla: m=1000\nuint32_t m;\nauto l = MakeLayout<half, RowMajor>(m, 64);\n');
  assert.match(run('eval', tlaCommented).stdout, /l = \(1000,64\):\(64,_1\):\(1000,64\)/);
  assert.match(run('eval', tlaCommented, '--bind', 'm=6').stdout, /l = \(6,64\):\(64,_1\):\(6,64\)/);
  const bad = run('eval', tla, '--bind', 'm=six');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /'m=six' is not name=integer/);
});

test('eval on C++ writes a Catlass coord as the editor does (Catlass::Coord<2>{…}), not as a tla tuple', () => {
  // inside namespace Catlass an unqualified MakeCoord of two uint32_t is Catlass::MakeCoord (test/cpp/nameLookup.test.ts)
  const k = file(
    'coord.hpp',
    '#include "catlass/coord.hpp"\nnamespace Catlass::Gemm::Kernel {\nvoid f()\n{\n    static constexpr uint32_t L1_TILE_M = 128;\n    static constexpr uint32_t L1_TILE_N = 256;\n    auto c = MakeCoord(L1_TILE_M, L1_TILE_N);\n}\n}\n',
  );
  const r = run('eval', k);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(r.stdout.includes('MakeCoord(L1_TILE_M, L1_TILE_N)  ▸ Catlass::Coord<2>{128, 256}'), r.stdout);
});

test("render of a tile of unknown extent draws nothing and says what to bind, never the parent's grid (issue 24)", () => {
  const f = file(
    'unk.tla',
    'uint32_t tk;\nauto layoutA = MakeLayout<half, Catlass::layout::RowMajor>(300, 200);\nauto tileA = GetTileLayout(layoutA, MakeShape(128, tk), MakeCoord(256, 0));\n',
  );
  const r = run('render', f, 'tileA');
  // the parent RowMajor (300, 200) is size 60000; that number must not be shown as the tile's
  assert.doesNotMatch(r.stdout, /size 60000/);
  assert.equal(r.status, 1, r.stdout);
  // its value, symbolic in tk: shape (128, tk) of stride (200, _1), valid (300 − 256, tk) = (44, tk)
  assert.match(r.stdout, /^tileA = \(128,tk\):\(200,_1\)/);
  assert.match(r.stderr, /known only at run time; bind tk to draw it: --bind tk=…/);
  // bound, tk = 8: tile (128, 8) at (256, 0), valid min(128, 300−256) = 44 rows, 8 columns
  const b = run('render', f, 'tileA', '--bind', 'tk=8', '--text');
  assert.equal(b.status, 0, b.stderr);
  assert.match(b.stdout, /tile \(128,8\) of layoutA at \(256,0\), valid \(44,8\): a tail tile/);
});
