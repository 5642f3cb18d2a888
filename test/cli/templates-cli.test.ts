// The CLI with Catlass headers (self-written fixtures under test/fixtures/templates): a
// template's body read under an instantiation (`eval --instance FILE:LINE HEADER`) and a
// kernel's instantiation a static_assert rejects (`check --include`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers';

const CLI = path.join(ROOT, 'dist', 'cli.js');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'templates');
const INCLUDE = path.join(FIXTURES, 'include');
const KERNEL = path.join(FIXTURES, 'kernel', 'demo_kernel.cpp');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

/** Runs `body` with a kernel of `lines` (a function Run() around them, after the include) written to a fresh folder, removed after. */
function withKernel(include: string, lines: string[], body: (kernel: string) => void): void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tla-kernel-'));
  try {
    const kernel = path.join(dir, 'kernel.cpp');
    writeFileSync(kernel, [`#include "${include}"`, 'using namespace Catlass;', 'void Run()', '{', ...lines, '}', ''].join('\n'));
    body(kernel);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('eval --instance: the template body under Tile<16, 8> (LAYOUT (_16,_8):(_8,_1); the head tile 8×8; rows stays a run-time value)', () => {
  const r = run('eval', '--json', '--include', INCLUDE, '--instance', `${KERNEL}:8`, 'catlass/demo_block.hpp');
  assert.equal(r.status, 0, r.stderr + r.stdout);
  const j = JSON.parse(r.stdout) as {
    members: { name: string; value: Record<string, string> | null }[];
    sites: { text: string; value: string | null }[];
  };
  // ROWS = M = 16; LAYOUT = MakeLayout((_16,_8), (_8,_1))
  assert.deepEqual(j.members.find((m) => m.name === 'ROWS')?.value, { text: '16', value: '16' });
  assert.equal(j.members.find((m) => m.name === 'LAYOUT')?.value?.stride, '(_8,_1)');
  // GetTileLayout(LAYOUT, (_8,_8), (0,0)): the 8×8 head, the parent's stride
  const head = j.sites.find((s) => s.text.startsWith('tla::GetTileLayout(LAYOUT'));
  assert.ok(head?.value?.startsWith('(_8,_8):(_8,_1)'), JSON.stringify(head));
  const part = j.sites.find((s) => s.text.startsWith('tla::MakeLayout(tla::MakeShape(rows'));
  assert.ok(part?.value?.startsWith('(rows,_8):(_8,_1)'), JSON.stringify(part));
});

test('check --include: BadTile (64 × 128 > 4096) is a warning with the static_assert message, GoodTile none', () => {
  const r = run('check', '--include', INCLUDE, KERNEL);
  const lines = r.stdout.trim().split('\n').filter(Boolean);
  assert.equal(lines.length, 1, r.stdout);
  assert.match(lines[0], /demo_kernel\.cpp:9:5: warning static-assert-failed .*Tile exceeds the buffer/);
});

test('check --include: a kernel that names a GemmShape<…> (a type with no C++ type here) is checked, not a crash', () => {
  // found on the corpus (examples/advanced/basic_matmul_aclnn): `tla-layout check` threw "the type of a type"
  withKernel(
    'catlass/demo_block.hpp',
    ['    using L1TileShape = GemmShape<128, 256, 256>;', '    using GoodTile = Gemm::Demo::Tile<16, 8>;'],
    (kernel) => {
      const r = run('check', '--include', INCLUDE, kernel);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stderr, /checked 1 file: 0 errors, 0 warnings/);
    },
  );
});

// issue 24 leftover 7: `eval HEADER --include DIR` reads the header as the editor does, under the
// instantiation the C++ files of the workspace (the current directory) write
test("eval of a Catlass header with --include: read under the workspace's instantiation, and it says which", () => {
  const dir = path.join(ROOT, 'test', 'fixtures', 'instances');
  const inWorkspace = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir });
  const r = inWorkspace('eval', 'include/catlass/stage_block.hpp', '--include', 'include');
  assert.equal(r.status, 0, r.stderr + r.stdout);
  // Stage<RowTag, 4> at kernel/stage_kernel.cpp:8: K = 4, so column = MakeLayout((_4,_2), (_2,_1))
  assert.match(
    r.stdout,
    /^include\/catlass\/stage_block\.hpp: as instantiated at kernel\/stage_kernel\.cpp:8 \(Catlass::Gemm::Demo::Stage<Catlass::Gemm::Demo::RowTag, 4>\)$/m,
  );
  assert.match(r.stdout, /stage_block\.hpp:23:23: .*▸ \(_4,_2\):\(_2,_1\)/);
  const j = JSON.parse(inWorkspace('eval', '--json', 'include/catlass/stage_block.hpp', '--include', 'include').stdout) as {
    instantiation?: string;
    sites: { value: string | null }[];
  };
  assert.match(j.instantiation ?? '', /as instantiated at kernel\/stage_kernel\.cpp:8/);
  // two sites (Pick<RowTag, 16, 8> and <RowTag, 32, 8>): read under the first, kernel/pick_kernel.cpp:8, as the editor
  // does by default: M = 16, N = 8, so byRows = (_16,_2):(_2,_1) and byCols = (_8,_2):(_2,_1)
  const pick = path.join(ROOT, 'test', 'fixtures', 'picker');
  const p = spawnSync(process.execPath, [CLI, 'eval', 'include/catlass/pick_block.hpp', '--include', 'include'], { encoding: 'utf8', cwd: pick });
  assert.match(
    p.stdout,
    /as instantiated at kernel\/pick_kernel\.cpp:8 \(Catlass::Gemm::Demo::Pick<Catlass::Gemm::Demo::RowTag, 16, 8>\), the first of 2/,
  );
  assert.match(p.stdout, /pick_block\.hpp:20:23: .*▸ \(_8,_2\):\(_2,_1\)/);
  assert.match(p.stdout, /pick_block\.hpp:19:23: .*▸ \(_16,_2\):\(_2,_1\)/);
});

// a site inside a function template (test/fixtures/entryfn): FILE:LINE is the site (read under the first call of
// the workspace, the current directory) or a call of the function (read under that call)
test('eval --instance inside a function template: the site line takes the first call, a call line that call', () => {
  const dir = path.join(ROOT, 'test', 'fixtures', 'entryfn');
  const inWorkspace = (line: number) =>
    spawnSync(
      process.execPath,
      [CLI, 'eval', '--json', '--include', INCLUDE, '--instance', `kernel/enum_kernel.cpp:${line}`, 'catlass/demo_block.hpp'],
      {
        encoding: 'utf8',
        cwd: dir,
      },
    );
  const atSite = inWorkspace(25);
  assert.equal(atSite.status, 0, atSite.stderr + atSite.stdout);
  const j = JSON.parse(atSite.stdout) as { via?: string; members: { name: string; value: Record<string, string> | null }[] };
  // the first call is Run<TileTag::Wide> (line 32): TagConfig<Wide> gives Tile<16, 32>, ROWS = 16
  assert.equal(j.via, 'Run<TileTag::Wide>');
  assert.deepEqual(j.members.find((m) => m.name === 'ROWS')?.value, { text: '16', value: '16' });
  // line 35 is the call Run<TileTag::Tall>: Tile<32, 8>, ROWS = 32, LAYOUT's stride (_8,_1)
  const atCall = JSON.parse(inWorkspace(35).stdout) as typeof j;
  assert.equal(atCall.via, 'Run<TileTag::Tall>');
  assert.deepEqual(atCall.members.find((m) => m.name === 'ROWS')?.value, { text: '32', value: '32' });
  assert.equal(atCall.members.find((m) => m.name === 'LAYOUT')?.value?.stride, '(_8,_1)');
});

test('eval --instance: a name declared inside a member function hides the class member of that name (a local, a parameter, a loop variable, a block-scope using, a function template parameter)', () => {
  // found by the session-5 audit: under Hiding<float, 16, RowMajor> every ROWS read the member's 16
  withKernel('catlass/hiding_block.hpp', ['    using H = Gemm::Demo::Hiding<float, 16, layout::RowMajor>;'], (kernel) => {
    const r = run('eval', '--json', '--include', INCLUDE, '--instance', `${kernel}:5`, 'catlass/hiding_block.hpp');
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const j = JSON.parse(r.stdout) as { sites: { text: string; line: number; value: string | null }[] };
    const at = (prefix: string, nth = 0) => j.sites.filter((s) => s.text.startsWith(prefix))[nth]?.value ?? null;
    // the local `uint32_t ROWS = k`, the parameter, the loop variable: run-time values, never the member's 16
    assert.equal(at('tla::MakeShape(ROWS', 0), '(ROWS,_2)');
    assert.equal(at('tla::MakeShape(ROWS', 1), '(ROWS,_2)');
    assert.equal(at('tla::MakeShape(ROWS', 2), '(ROWS,_2)');
    // after the loop, the member again: Int<16>
    assert.equal(at('tla::MakeShape(tla::Int<ROWS>'), '(_16,_2)');
    // the block's `using Tag = ColumnMajor`: (16, k) column-major, stride (_1, 16); after the block the class's RowMajor: (k, _1)
    assert.match(at('tla::MakeLayout<E, Tag>', 0) ?? '', /^\(_16,k\):\(_1,16\)/);
    assert.match(at('tla::MakeLayout<E, Tag>', 1) ?? '', /^\(_16,k\):\(k,_1\)/);
    // operator()'s own Shape2 is its argument's type, not the class's Shape<_16,_4>: its shape is not known here
    assert.doesNotMatch(at('tla::MakeLayout(s') ?? '', /_16/);
  });
});

// session-5 audit: a member of a NON-dependent base is found before the enclosing namespace's constant
// of the same name (C++ looks in the class and its bases first); a dependent base (`DepBase<E>`) is not
// looked in by an unqualified name, so there the namespace's TILE = 7 is the one
test('eval --instance: an unqualified name finds a non-dependent base member (42), not the namespace constant (7); a dependent base is not looked in', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tla-bases-'));
  try {
    const kernel = path.join(dir, 'base_kernel.cpp');
    const lines = ['#include "catlass/base_member_block.hpp"', 'using namespace Catlass;', 'void Run()', '{'];
    lines.push('    using P = Gemm::Demo::FromPlainBase<float>;', '    using D = Gemm::Demo::FromDepBase<float>;', '}', '');
    writeFileSync(kernel, lines.join('\n'));
    const under = (line: number) => {
      const r = run('eval', '--json', '--include', INCLUDE, '--instance', `${kernel}:${line}`, 'catlass/base_member_block.hpp');
      assert.equal(r.status, 0, r.stderr + r.stdout);
      return JSON.parse(r.stdout) as {
        members: { name: string; value: Record<string, string> | null }[];
        sites: { text: string; line: number; value: string | null }[];
      };
    };
    const p = under(5);
    assert.equal(p.members.find((m) => m.name === 'SEEN')?.value?.value, '42');
    assert.equal(p.sites.find((s) => s.line === 18)?.value, '(_42,_1)');
    const d = under(6);
    assert.equal(d.members.find((m) => m.name === 'SEEN')?.value?.value, '7');
    // Int<TILE> is the namespace's 7, Int<FROM_BASE> the dependent base's 99 named explicitly
    assert.equal(d.sites.find((s) => s.line === 24)?.value, '(_7,_99)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// issue 24 (firstday6 B): `eval --instance` names the file's lines, prints the members in text mode,
// and takes paths relative to the current directory (the shell's completion)
test('eval --instance: a diagnostic of the scratchpad names the line and column the file writes', () => {
  withKernel('catlass/demo_block.hpp', ['    using Options = HelperOptions;', '', '    using GoodTile = Gemm::Demo::Tile<16, 8>;'], (kernel) => {
    // kernel lines: 1 #include, 2 using namespace, 3 void Run(), 4 {, 5 using Options…, 6 blank, 7 the site
    const r = run('eval', '--json', '--include', INCLUDE, '--instance', `${kernel}:7`, 'catlass/demo_block.hpp');
    const j = JSON.parse(r.stdout) as {
      diagnostics: { line: number; column: number; message: string }[];
      statements: { line: number; name: string | null }[];
    };
    const d = j.diagnostics.find((x) => /HelperOptions/.test(x.message));
    // 'HelperOptions' starts after 4 spaces and 'using Options = ' (16 characters): column 21
    assert.deepEqual(d && { line: d.line, column: d.column }, { line: 5, column: 21 }, JSON.stringify(j.diagnostics));
    assert.equal(j.statements.find((s) => s.name === 'GoodTile')?.line, 7);
    const text = run('eval', '--include', INCLUDE, '--instance', `${kernel}:7`, 'catlass/demo_block.hpp').stdout;
    assert.match(text, /kernel\.cpp:5:21: error unknown-name .*HelperOptions/);
  });
});

test('eval --instance in text mode prints the members (ROWS = M = 16)', () => {
  const r = run('eval', '--include', INCLUDE, '--instance', `${KERNEL}:8`, 'catlass/demo_block.hpp');
  assert.equal(r.status, 0, r.stderr + r.stdout);
  assert.match(r.stdout, /demo_kernel\.cpp:8: GoodTile::ROWS = 16$/m);
  assert.match(r.stdout, /demo_kernel\.cpp:8: GoodTile::LAYOUT = \(_16,_8\):\(_8,_1\)/m);
});

test('eval --instance with paths relative to the current directory (./FILE:LINE, include/…/HEADER) prints the sites', () => {
  const inFixtures = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: FIXTURES });
  for (const [site, header] of [
    ['./kernel/demo_kernel.cpp:8', 'include/catlass/demo_block.hpp'],
    ['kernel/demo_kernel.cpp:8', './include/catlass/demo_block.hpp'],
    ['kernel/demo_kernel.cpp:8', 'catlass/demo_block.hpp'],
  ]) {
    const r = inFixtures('eval', '--include', 'include', '--instance', site, header);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    // GetTileLayout(LAYOUT, (_8,_8), (0,0)) under Tile<16, 8>: the 8×8 head with the parent's stride (_8,_1)
    assert.match(r.stdout, /demo_block\.hpp:13:\d+: tla::GetTileLayout\(LAYOUT.*▸ \(_8,_8\):\(_8,_1\)/, `${site} ${header}\n${r.stdout}`);
  }
});

test('render of a symbolic C++ layout names its own runtime names in the --bind it suggests, and that --bind draws it (firstday6 A)', () => {
  withKernel(
    'catlass/demo_block.hpp',
    [
      '    uint32_t rows = 0;',
      '    auto layoutUb = tla::MakeLayout(tla::MakeShape(rows, tla::Int<4>{}), tla::MakeStride(tla::Int<4>{}, tla::Int<1>{}));',
    ],
    (kernel) => {
      const r = run('render', kernel, 'layoutUb');
      assert.notEqual(r.status, 0);
      assert.match(r.stderr, /--bind rows=…/, r.stderr);
      assert.doesNotMatch(r.stderr, /m=1000/, r.stderr);
      const drawn = run('render', kernel, 'layoutUb', '--bind', 'rows=2');
      assert.equal(drawn.status, 0, drawn.stderr);
      // (2,4):(4,1): the second row starts at 4
      assert.match(drawn.stdout, /^\s+1\s+4\s+5\s+6\s+7$/m, drawn.stdout);
    },
  );
});

test('render NAME:LINE draws the declaration on that line; a name declared twice says which one NAME draws (firstday6 A)', () => {
  withKernel(
    'catlass/demo_block.hpp',
    [
      '    if (true) {',
      '        auto layoutQ = tla::MakeLayout(tla::MakeShape(tla::Int<2>{}, tla::Int<4>{}), tla::MakeStride(tla::Int<4>{}, tla::Int<1>{}));',
      '    } else {',
      '        auto layoutQ = tla::MakeLayout(tla::MakeShape(tla::Int<3>{}, tla::Int<3>{}), tla::MakeStride(tla::Int<3>{}, tla::Int<1>{}));',
      '    }',
    ],
    (kernel) => {
      // kernel lines: 1 #include, 2 using namespace, 3 void Run(), 4 {, 5 if, 6 the 2×4, 7 else, 8 the 3×3
      const first = run('render', kernel, 'layoutQ:6');
      assert.equal(first.status, 0, first.stderr);
      // (2,4):(4,1): row 1 starts at 4
      assert.match(first.stdout, /^layoutQ = \(_2,_4\):\(_4,_1\)/m, first.stdout);
      const plain = run('render', kernel, 'layoutQ');
      assert.match(plain.stderr, /'layoutQ' is declared on lines 6, 8; drawing line 8 \(layoutQ:LINE draws another\)/, plain.stderr);
      assert.match(plain.stdout, /^layoutQ = \(_3,_3\):\(_3,_1\)/m, plain.stdout);
      assert.match(run('render', kernel, 'layoutQ:7').stderr, /no declaration of 'layoutQ' on line 7 \(lines 6, 8\)/);
    },
  );
});
