// Where the Catlass tree is found, and a hostile tree walked and read: symlink loops, a self-link,
// a dangling link, a FIFO and a folder named like headers, unreadable files, a 20 MB generated
// header, binary files with C++ extensions, 10,000 headers, 40 nested folders, a header that
// includes itself, lone CR and NUL bytes. None crashes or stalls; every limit is told once.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { DEFAULT_INDEX_LIMITS, HeaderFs, compileCommandIncludes, findIncludeRoots, readHeader } from '../../server/src/headerTree';
import { indexOf, tempTree } from './workspaceKit';

describe('finding the Catlass include tree', () => {
  const t = tempTree({ 'catlass/a.hpp': '', 'tla/b.hpp': '' });
  after(t.remove);

  test('a workspace folder holding include/catlass and include/tla', () => {
    assert.deepEqual(findIncludeRoots([t.dir], []), [fs.realpathSync(t.root)]);
  });

  test('a folder just inside the workspace folder (a vendored checkout)', () => {
    const outer = fs.mkdtempSync(path.join(path.dirname(t.dir), 'tla-ws-outer-'));
    try {
      fs.symlinkSync(t.dir, path.join(outer, 'third_party'));
      assert.deepEqual(findIncludeRoots([outer], []), [fs.realpathSync(t.root)]);
    } finally {
      fs.rmSync(outer, { recursive: true, force: true });
    }
  });

  test('the include paths of compile_commands.json (arguments and command forms)', () => {
    const ws = fs.mkdtempSync(path.join(path.dirname(t.dir), 'tla-ws-cc-'));
    try {
      fs.mkdirSync(path.join(ws, 'build'));
      const cc = [
        { directory: ws, file: 'k.cpp', arguments: ['clang++', '-I', '/nonexistent/include', `-I${t.root}`, 'k.cpp'] },
        { directory: ws, file: 'k2.cpp', command: `clang++ -isystem "${t.root}" -c k2.cpp` },
      ];
      fs.writeFileSync(path.join(ws, 'build', 'compile_commands.json'), JSON.stringify(cc));
      assert.deepEqual(findIncludeRoots([ws], []), [fs.realpathSync(t.root)]);
      // both forms name the same directory; the nonexistent one is listed but holds no Catlass
      assert.deepEqual(compileCommandIncludes(JSON.stringify(cc), ws), ['/nonexistent/include', t.root]);
      assert.deepEqual(compileCommandIncludes('{not json', ws), []);
    } finally {
      fs.rmSync(ws, { recursive: true, force: true });
    }
  });

  test('the setting wins, as the include directory or the folder above it; a wrong one finds nothing', () => {
    const elsewhere = fs.mkdtempSync(path.join(path.dirname(t.dir), 'tla-ws-none-'));
    try {
      assert.deepEqual(findIncludeRoots([elsewhere], [t.root]), [fs.realpathSync(t.root)]);
      assert.deepEqual(findIncludeRoots([elsewhere], [t.dir]), [fs.realpathSync(t.root)]);
      assert.deepEqual(findIncludeRoots([t.dir], [elsewhere]), []);
      assert.deepEqual(findIncludeRoots([elsewhere], []), []);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('a hostile tree', () => {
  const t = tempTree({
    'catlass/gemm/block/block_mmad.hpp': '#pragma once\nstruct BlockMmad {};\n',
    'tla/layout.hpp': 'struct Layout {};\n',
    // a header that includes itself: the index reads files, it does not follow includes
    'catlass/self_include.hpp': '#pragma once\n#include "catlass/self_include.hpp"\nstruct Self {};\n',
    'catlass/lone_cr.hpp': 'struct A {};\rusing B = A;\r\rstruct C {};',
    // a NUL far from the start is text (a binary has one early): indexed as it is
    'catlass/late_nul.hpp': 'struct D {};\n' + ' '.repeat(9000) + '\0\n',
    'catlass/binary.hpp': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2, 3, 0xff, 0xfe]),
    'catlass/latin1.hpp': Buffer.from([0x73, 0x74, 0x72, 0x75, 0x63, 0x74, 0x20, 0x45, 0xe9, 0x7b, 0x7d, 0x3b]),
    'catlass/dir.hpp/inner.hpp': 'struct Inner {};\n',
    'catlass/not_a_header.txt': 'struct Nope {};\n',
  });
  after(t.remove);
  const cat = path.join(t.root, 'catlass');
  fs.symlinkSync('..', path.join(cat, 'loop_up')); // catlass/loop_up → include/ (holds catlass/ again)
  fs.symlinkSync('.', path.join(cat, 'loop_here'));
  fs.symlinkSync('..', path.join(cat, 'gemm', 'block', 'up')); // gemm/block/up → gemm/: a loop inside a library folder
  fs.symlinkSync(path.join(t.root, 'tla'), path.join(cat, 'tla_link')); // into the other library folder
  fs.symlinkSync('self_link.hpp', path.join(cat, 'self_link.hpp'));
  fs.symlinkSync('gone.hpp', path.join(cat, 'dangling.hpp'));
  execFileSync('mkfifo', [path.join(cat, 'pipe.hpp')]);
  // a 20 MB generated header
  fs.writeFileSync(path.join(cat, 'generated_table.hpp'), Buffer.alloc(20_000_000, 'x'));
  // 40 nested folders, a header in each
  let deep = path.join(t.root, 'tla', 'deep');
  for (let i = 0; i < 40; i++) {
    deep = path.join(deep, `d${i}`);
    fs.mkdirSync(deep, { recursive: true });
    fs.writeFileSync(path.join(deep, `level${i}.hpp`), `struct Level${i} {};\n`);
  }
  // as root, chmod 000 does not stop a read: the unreadable file fails through the fs the walk uses
  const unreadable = t.write('catlass/unreadable.hpp', 'struct Secret {};\n');
  const failing: HeaderFs = {
    ...fs,
    openSync: ((p: fs.PathLike, ...rest: unknown[]) => {
      if (String(p) === unreadable) throw Object.assign(new Error(`EACCES: permission denied, open '${p}'`), { code: 'EACCES' });
      return (fs.openSync as (...a: unknown[]) => number)(p, ...rest);
    }) as typeof fs.openSync,
  };

  test('walked and read within the limits: every header once, each limit told once', async () => {
    const { index, facts, notices } = indexOf([t.root], { fs: failing });
    await index.whenIdle();
    const rel = (p: string) => path.relative(t.root, p);
    const got = [...facts.files.keys()].map(rel).sort();
    // by hand: the readable text headers, through no link twice; the deep chain to maxDepth (16) folders below tla/
    const levels = Array.from({ length: 15 }, (_, i) =>
      path.join('tla', 'deep', ...Array.from({ length: i + 1 }, (_, j) => `d${j}`), `level${i}.hpp`),
    );
    const want = [
      'catlass/dir.hpp/inner.hpp',
      'catlass/gemm/block/block_mmad.hpp',
      'catlass/late_nul.hpp',
      'catlass/latin1.hpp',
      'catlass/lone_cr.hpp',
      'catlass/self_include.hpp',
      'tla/layout.hpp',
      ...levels,
    ].sort();
    assert.deepEqual(got, want);
    assert.deepEqual(facts.files.get(path.join(t.root, 'catlass/lone_cr.hpp')), ['struct A', 'using B = A', 'struct C']);
    assert.deepEqual(facts.files.get(path.join(t.root, 'catlass/latin1.hpp')), ['struct E']);
    const s = index.status();
    assert.deepEqual(s.skipped, { large: 1, binary: 1, unreadable: 1 });
    assert.deepEqual(notices.map((n) => n.reason).sort(), ['binary', 'depth', 'large', 'unreadable']);
    assert.match(notices.find((n) => n.reason === 'large')!.message, /generated_table\.hpp is larger than tlaLayout\.catlass\.index\.maxFileBytes/);
    assert.match(notices.find((n) => n.reason === 'depth')!.message, /d15/);
    index.dispose();
  });

  test('a FIFO is never opened for reading, a vanished file is missing, a grown one is large', () => {
    assert.deepEqual(readHeader(path.join(cat, 'pipe.hpp'), DEFAULT_INDEX_LIMITS), { kind: 'missing' });
    assert.deepEqual(readHeader(path.join(cat, 'nothing_here.hpp'), DEFAULT_INDEX_LIMITS), { kind: 'missing' });
    const small = { ...DEFAULT_INDEX_LIMITS, maxFileBytes: 10 };
    assert.equal(readHeader(path.join(t.root, 'tla/layout.hpp'), small).kind, 'skipped');
  });
});

describe('10,000 headers and the file limit', () => {
  const t = tempTree();
  after(t.remove);
  // 10,050 headers in 50 folders: the default limit (10,000) leaves 50 out
  for (let d = 0; d < 50; d++) {
    const dir = path.join(t.root, 'catlass', `f${String(d).padStart(2, '0')}`);
    fs.mkdirSync(dir);
    for (let i = 0; i < 201; i++) fs.writeFileSync(path.join(dir, `h${String(i).padStart(3, '0')}.hpp`), `struct H${d}_${i} {};\n`);
  }

  test('indexes the first 10,000 in name order, says so once, and a later change past the limit adds nothing', async () => {
    const { index, facts, notices } = indexOf([t.root]);
    await index.whenIdle();
    assert.equal(facts.files.size, 10_000);
    // 201 a folder: the 10,001st header is the 152nd of folder f49 (49·201 = 9,849; 9,849 + 151 = 10,000)
    assert.ok(facts.files.has(path.join(t.root, 'catlass', 'f49', 'h150.hpp')));
    assert.ok(!facts.files.has(path.join(t.root, 'catlass', 'f49', 'h151.hpp')));
    const created = t.write('catlass/f49/zz_new.hpp', 'struct New {};\n');
    index.watched([{ path: created, type: 'created' }]);
    await index.whenIdle();
    assert.equal(facts.files.size, 10_000);
    assert.deepEqual(
      notices.map((n) => n.reason),
      ['files'],
    );
    index.dispose();
  });
});
