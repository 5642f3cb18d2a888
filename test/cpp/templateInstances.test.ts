// Values in a class template's body under an instantiation of it in the workspace (issue 21,
// item 4), on self-written fixtures (test/fixtures/instances, picker, bodies): the sites are
// found by a walk of the folder, resolved off the request path, and the header's hovers and
// hints read each body under one of its own sites (the only one, the chosen one, or the first).
// Expected values are worked by hand in the comments.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyses } from '../../server/src/documents';
import { hover } from '../../server/src/features/hover';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { HeaderIndex, instanceLenses } from '../../server/src/language';
import { MAX_CANDIDATES, TemplateInstances, sitesOfText, templatesOf } from '../../server/src/templateInstances';
import { queuedInstances } from './cppTestKit';
import { ROOT } from '../helpers';

// the workspace: one kernel instantiating the demo block once; the demo kernel of test/fixtures/templates instantiates it twice
const DIR = path.join(ROOT, 'test', 'fixtures', 'instances');
const TWO_SITES = path.join(ROOT, 'test', 'fixtures', 'templates');
const INCLUDE = path.join(TWO_SITES, 'include');
const HEADER = path.join(INCLUDE, 'catlass', 'demo_block.hpp');
const HEADER_TEXT = readFileSync(HEADER, 'utf8');

/** The instances of the fixture folder over one header, every scheduled step run when `drain` is called. */
async function fixture(folder = DIR, header = HEADER, include = INCLUDE, excluded = [INCLUDE, path.join(DIR, 'include')]) {
  const index = new HeaderIndex();
  index.setFile(header, readFileSync(header, 'utf8'));
  const { instances, queue } = queuedInstances(index, include);
  const changed: string[] = [];
  instances.changed = (p) => void changed.push(p);
  await instances.configure([folder], excluded);
  const drain = () => {
    for (let n = 0; queue.length && n < 10_000; n++) queue.shift()!();
  };
  return { instances, drain, changed };
}

/** The hover at the first occurrence of `word` in the header, as the server answers it. */
function hoverAt(analyses: DocumentAnalyses, word: string): string {
  const doc = analyses.get(TextDocument.create(pathToFileURL(HEADER).href, 'cpp', 1, HEADER_TEXT));
  const offset = HEADER_TEXT.indexOf(word);
  const lines = HEADER_TEXT.slice(0, offset).split('\n');
  const h = hover(doc, { line: lines.length - 1, character: lines[lines.length - 1].length }, DEFAULT_SETTINGS);
  const c = h?.contents as { value: string } | undefined;
  return c?.value ?? '';
}

function analysesWith(instances: TemplateInstances | undefined): DocumentAnalyses {
  const analyses = new DocumentAnalyses();
  if (instances) analyses.instanceOf = (uri, text) => instances.instanceOf(new URL(uri).pathname, text);
  return analyses;
}

describe('the type hover under the one instantiation', () => {
  test('a member alias shows its resolved type (TagSelector<RowTag> is the explicit specialisation: Out = FracTag)', async () => {
    const include = path.join(DIR, 'include');
    const header = path.join(include, 'catlass', 'stage_block.hpp');
    const text = readFileSync(header, 'utf8');
    const index = new HeaderIndex();
    index.setFile(header, text);
    const { instances, queue } = queuedInstances(index, include);
    await instances.configure([DIR], [include, INCLUDE]);
    instances.instanceOf(header, text);
    while (queue.length) queue.shift()!();
    const analyses = new DocumentAnalyses();
    analyses.instanceOf = (_uri, t) => instances.instanceOf(header, t);
    const doc = analyses.get(TextDocument.create(pathToFileURL(header).href, 'cpp', 1, text));
    const at = (needle: string, after: number) => {
      const before = text.slice(0, text.indexOf(needle) + after).split('\n');
      const h = hover(doc, { line: before.length - 1, character: before[before.length - 1].length }, DEFAULT_SETTINGS);
      return (h?.contents as { value: string } | undefined)?.value ?? '';
    };
    const tag = at('using LayoutTagL1', 8);
    assert.match(tag, /\*\*LayoutTagL1\*\* = `Catlass::Gemm::Demo::FracTag`/, tag);
    assert.match(tag, /as instantiated at kernel\/stage_kernel\.cpp:8/);
    // K = 4: (_4,_2):(_2,_1)
    assert.match(at('auto column', 6), /\(_4,_2\):\(_2,_1\)/);
    // outside the class body (the selector): nothing of the instantiation
    assert.doesNotMatch(at('using Out', 7), /as instantiated/);
  });
});

describe('instantiation sites of the workspace', () => {
  test('a `using X = ns::Template<…>;` line is a site of its template, with its 1-based line', () => {
    const sites = sitesOfText('k.cpp', 'void f() {\n  using A = Gemm::Demo::Tile<16, 8>;\n  int x = 1;\n  using B = typename ::X::Y<int>;\n}\n');
    assert.deepEqual(
      sites.map((s) => [s.alias, s.template, s.line]),
      [
        ['A', 'Tile', 2],
        ['B', 'Y', 4],
      ],
    );
  });
  test('the walk finds the kernel site and leaves the include root out', async () => {
    const { instances } = await fixture();
    assert.deepEqual(
      instances.sitesOf('Tile').map((s) => [path.relative(DIR, s.file), s.line, s.alias]),
      [[path.join('kernel', 'single_kernel.cpp'), 8, 'SmallTile']],
    );
  });
});

describe("a header's template body under its one instantiation", () => {
  test('unknown until resolved (the request does not wait), then the editor is told', async () => {
    const { instances, drain, changed } = await fixture();
    // no body read yet; the answer says its sites are still being resolved (the hover says so)
    const before = instances.instanceOf(HEADER, HEADER_TEXT);
    assert.deepEqual([before?.views.length, before?.pending], [0, true]);
    drain();
    assert.deepEqual(changed, [HEADER]);
    const i = instances.instanceOf(HEADER, HEADER_TEXT)?.views[0];
    assert.ok(i);
    assert.equal(i.mode, 'only');
    assert.equal(i.site?.where, 'kernel/single_kernel.cpp:8');
    // the body is the struct's braces
    assert.match(HEADER_TEXT.slice(i.start, i.end), /^\{[\s\S]*Run[\s\S]*\}$/);
  });
  test('hovers show the instantiated values and say which instantiation; runtime values stay symbols', async () => {
    const { instances, drain } = await fixture();
    instances.instanceOf(HEADER, HEADER_TEXT);
    drain();
    const under = analysesWith(instances);
    // LAYOUT of Tile<16, 8>: shape (_16,_8), row-major stride (_8,_1); its head tile (M/2 = 8 rows) is (_8,_8):(_8,_1)
    const head = hoverAt(under, 'head =');
    assert.match(head, /\(_8,_8\):\(_8,_1\)/, head);
    assert.match(head, /as instantiated at kernel\/single_kernel\.cpp:8/);
    // rows is a run-time parameter: (rows,_8):(_8,_1), rows a symbol
    const part = hoverAt(under, 'part =');
    assert.match(part, /\(rows,_8\):\(_8,_1\)/, part);
    // without the instantiation: M and N are not known, the head tile is not (_8,_8)
    const today = hoverAt(analysesWith(undefined), 'head =');
    assert.doesNotMatch(today, /\(_8,_8\):\(_8,_1\)/);
    assert.doesNotMatch(today, /as instantiated/);
  });
  test('a site not resolved (Tile<64, 128> fails its static_assert) is not used, only counted: the body is read under the certain one', async () => {
    const { instances, drain } = await fixture(TWO_SITES);
    instances.instanceOf(HEADER, HEADER_TEXT);
    drain();
    const answer = instances.instanceOf(HEADER, HEADER_TEXT);
    assert.equal(answer?.views[0]?.mode, 'only');
    assert.deepEqual(
      answer.groups.map((g) => [g.template, g.sites.map((s) => s.where), g.unresolved, g.used]),
      [['Tile', ['kernel/demo_kernel.cpp:8'], 1, 'kernel/demo_kernel.cpp:8']],
    );
    assert.deepEqual(
      instanceLenses(HEADER_TEXT, answer.groups).map((l) => l.title),
      // the one not resolved is named: BadTile at demo_kernel.cpp:9
      ['as instantiated at demo_kernel.cpp:8 · demo_kernel.cpp:9 not resolved'],
    );
    const head = hoverAt(analysesWith(instances), 'head =');
    // Tile<16, 8>: its head tile (8 rows of 8) is (_8,_8):(_8,_1)
    assert.match(head, /\(_8,_8\):\(_8,_1\)/, head);
    assert.match(head, /as instantiated at kernel\/demo_kernel\.cpp:8\*/, head);
  });
  test('a second site in an open document comes first: the body is read under it, exactly its values; what differs says so', async () => {
    const { instances, drain, changed } = await fixture();
    const other = path.join(DIR, 'kernel', 'other.cpp');
    instances.setOpen(other, '#include "catlass/single_block.hpp"\nusing Other = Catlass::Gemm::Demo::Tile<32, 4>;\n');
    instances.instanceOf(HEADER, HEADER_TEXT);
    drain();
    const answer = instances.instanceOf(HEADER, HEADER_TEXT);
    assert.ok(answer);
    const v = answer.views[0];
    assert.equal(v?.mode, 'default');
    assert.equal(v.site.where, 'kernel/other.cpp:2');
    assert.deepEqual(
      answer.groups.map((g) => [g.sites.map((s) => s.where), g.used]),
      [[['kernel/other.cpp:2', 'kernel/single_kernel.cpp:8'], 'kernel/other.cpp:2']],
    );
    const under = analysesWith(instances);
    // Tile<32, 4>: LAYOUT (_32,_4):(_4,_1), its head tile (16 rows of 4) is (_16,_4):(_4,_1)
    const head = hoverAt(under, 'head =');
    assert.match(head, /\(_16,_4\):\(_4,_1\)/, head);
    assert.match(head, /as instantiated at kernel\/other\.cpp:2\* · 1 more \(choose another: code lens\)/, head);
    // N = 4 here: part is (rows,_4):(_4,_1)
    assert.match(hoverAt(under, 'part ='), /\(rows,_4\):\(_4,_1\)/);
    // ROWS = M: 32 here, 16 at the other site
    const rows = hoverAt(under, 'ROWS = M');
    assert.match(rows, /`ROWS` = `32` here; `16` or `32` among the 2 instantiations/, rows);
    // closed: the same sites, the disk's order (by path): single_kernel.cpp is the only one again (other.cpp is not on disk)
    changed.length = 0;
    instances.setOpen(other, undefined);
    instances.instanceOf(HEADER, HEADER_TEXT);
    drain();
    assert.equal(instances.instanceOf(HEADER, HEADER_TEXT)?.views[0]?.site.where, 'kernel/single_kernel.cpp:8');
  });
  test('an edited header is not read under the answer of its old text', async () => {
    const { instances, drain } = await fixture();
    instances.instanceOf(HEADER, HEADER_TEXT);
    drain();
    assert.equal(instances.instanceOf('\n' + HEADER_TEXT, HEADER_TEXT)?.views.length ?? 0, 0);
    assert.equal(instances.instanceOf(HEADER, '\n' + HEADER_TEXT)?.views.length ?? 0, 0);
  });
});

// test/fixtures/picker: Pick<RowTag, 16, 8> and Pick<RowTag, 32, 8> (kernel/pick_kernel.cpp:8 and :9)
const PICK = path.join(ROOT, 'test', 'fixtures', 'picker');
const PICK_INCLUDE = path.join(PICK, 'include');
const PICK_HEADER = path.join(PICK_INCLUDE, 'catlass', 'pick_block.hpp');
const PICK_TEXT = readFileSync(PICK_HEADER, 'utf8');

describe('a template with several instantiations', () => {
  async function picker() {
    const { instances, drain, changed } = await fixture(PICK, PICK_HEADER, PICK_INCLUDE, [PICK_INCLUDE]);
    instances.instanceOf(PICK_HEADER, PICK_TEXT);
    drain();
    const analyses = new DocumentAnalyses();
    analyses.instanceOf = (_uri, t) => instances.instanceOf(PICK_HEADER, t);
    const at = (needle: string, after: number) => {
      const doc = analyses.get(TextDocument.create(pathToFileURL(PICK_HEADER).href, 'cpp', 1, PICK_TEXT));
      const before = PICK_TEXT.slice(0, PICK_TEXT.indexOf(needle) + after).split('\n');
      const h = hover(doc, { line: before.length - 1, character: before[before.length - 1].length }, DEFAULT_SETTINGS);
      return (h?.contents as { value: string } | undefined)?.value ?? '';
    };
    return { instances, changed, at };
  }

  test('no choice: the body is read under the first site (by path and line), exactly its values; what differs says so', async () => {
    const { instances, at } = await picker();
    const answer = instances.instanceOf(PICK_HEADER, PICK_TEXT);
    assert.equal(answer?.views[0]?.mode, 'default');
    assert.deepEqual(
      answer.groups.map((g) => [g.template, g.sites.map((s) => s.where), g.used]),
      [['Pick', ['kernel/pick_kernel.cpp:8', 'kernel/pick_kernel.cpp:9'], 'kernel/pick_kernel.cpp:8']],
    );
    assert.deepEqual(
      instanceLenses(PICK_TEXT, answer.groups).map((l) => l.title),
      ['as instantiated at pick_kernel.cpp:8 · 1 more'],
    );
    // N = 8: byCols is (_8,_2):(_2,_1)
    const cols = at('auto byCols', 6);
    assert.match(cols, /\(_8,_2\):\(_2,_1\)/, cols);
    assert.match(cols, /as instantiated at kernel\/pick_kernel\.cpp:8\* · 1 more \(choose another/);
    // RowTag: RowTag::L1Tag = FracTag
    assert.match(at('using LayoutTagL1', 8), /\*\*LayoutTagL1\*\* = `Catlass::Gemm::Demo::FracTag`/);
    // M = 16 at :8: byRows is (_16,_2):(_2,_1); ROWS is 16 here, 32 at :9
    const rows = at('auto byRows', 6);
    assert.match(rows, /\(_16,_2\):\(_2,_1\)/, rows);
    assert.match(at('ROWS = M', 2), /`ROWS` = `16` here; `16` or `32` among the 2 instantiations/);
    // COLS is 8 under both: nothing said of it differing
    assert.doesNotMatch(at('COLS = N', 2), /among the 2 instantiations/);
  });

  test('a choice reads the body under that site, the header is told, the sites are not resolved again', async () => {
    const { instances, changed, at } = await picker();
    changed.length = 0;
    instances.choose({ Pick: 'kernel/pick_kernel.cpp:9' }, true);
    assert.deepEqual(changed, [PICK_HEADER]);
    const answer = instances.instanceOf(PICK_HEADER, PICK_TEXT);
    assert.equal(answer?.views[0]?.mode, 'chosen');
    assert.equal(answer.groups[0].used, 'kernel/pick_kernel.cpp:9');
    // M = 32: byRows is (_32,_2):(_2,_1)
    const rows = at('auto byRows', 6);
    assert.match(rows, /\(_32,_2\):\(_2,_1\)/, rows);
    assert.match(rows, /as instantiated at kernel\/pick_kernel\.cpp:9\* · 1 more \(this one chosen\) \(`Pick<RowTag, 32, 8>`\)/);
    // a choice of a site that is not there: no choice (the first site)
    instances.choose({ Pick: 'kernel/gone.cpp:1' }, true);
    assert.equal(instances.instanceOf(PICK_HEADER, PICK_TEXT)?.views[0]?.mode, 'default');
  });
});

// test/fixtures/bodies: Body's primary (kernel/bodies_kernel.cpp:8, RowTag 16), its partial
// specialisation Body<ColTag, M> (:9 M = 8, :10 M = 4), Other<4> (:11), and :12 not resolved (NoSuchTag)
const BODIES = path.join(ROOT, 'test', 'fixtures', 'bodies');
const BODIES_INCLUDE = path.join(BODIES, 'include');
const BODIES_HEADER = path.join(BODIES_INCLUDE, 'catlass', 'bodies.hpp');
const BODIES_TEXT = readFileSync(BODIES_HEADER, 'utf8');

describe('several bodies of a header, each under its own instantiation', () => {
  async function bodies() {
    const { instances, drain } = await fixture(BODIES, BODIES_HEADER, BODIES_INCLUDE, [BODIES_INCLUDE]);
    instances.instanceOf(BODIES_HEADER, BODIES_TEXT);
    drain();
    const at = (needle: string, after: number) => {
      const analyses = new DocumentAnalyses();
      analyses.instanceOf = (_uri, t) => instances.instanceOf(BODIES_HEADER, t);
      const doc = analyses.get(TextDocument.create(pathToFileURL(BODIES_HEADER).href, 'cpp', 1, BODIES_TEXT));
      const before = BODIES_TEXT.slice(0, BODIES_TEXT.indexOf(needle) + after).split('\n');
      const h = hover(doc, { line: before.length - 1, character: before[before.length - 1].length }, DEFAULT_SETTINGS);
      return (h?.contents as { value: string } | undefined)?.value ?? '';
    };
    return { instances, at };
  }

  test('a primary, a partial specialisation and a second template: three bodies, three instantiations, three lenses', async () => {
    const { instances, at } = await bodies();
    const answer = instances.instanceOf(BODIES_HEADER, BODIES_TEXT);
    assert.deepEqual(
      answer?.views.map((v) => [v.template, v.mode, v.site.where]),
      [
        ['Body', 'only', 'kernel/bodies_kernel.cpp:8'],
        ['Body', 'default', 'kernel/bodies_kernel.cpp:9'],
        ['Other', 'only', 'kernel/bodies_kernel.cpp:11'],
      ],
    );
    // the site of NoSuchTag is not resolved: counted on both of Body's lenses, used by none
    assert.deepEqual(
      instanceLenses(BODIES_TEXT, answer.groups).map((l) => l.title),
      [
        // the site not resolved is named: `using Missing = …<NoSuchTag, 4>` at bodies_kernel.cpp:12
        'as instantiated at bodies_kernel.cpp:8 · bodies_kernel.cpp:12 not resolved',
        'as instantiated at bodies_kernel.cpp:9 · 1 more · bodies_kernel.cpp:12 not resolved',
        'as instantiated at bodies_kernel.cpp:11',
      ],
    );
    // Body<RowTag, 16> (primary): (_16,_2):(_2,_1)
    const primary = at('auto primary', 6);
    assert.match(primary, /\(_16,_2\):\(_2,_1\)/, primary);
    assert.match(primary, /as instantiated at kernel\/bodies_kernel\.cpp:8\*/, primary);
    // Body<ColTag, 8> (the partial specialisation, the first of :9 and :10): (_2,_8):(_1,_2)
    const partial = at('auto partial', 6);
    assert.match(partial, /\(_2,_8\):\(_1,_2\)/, partial);
    assert.match(partial, /as instantiated at kernel\/bodies_kernel\.cpp:9\* · 1 more \(choose another/, partial);
    assert.match(at('COLS = M', 2), /`COLS` = `8` here; `4` or `8` among the 2 instantiations/);
    // Other<4>: (_4,_4):(_4,_1)
    const other = at('auto other', 6);
    assert.match(other, /\(_4,_4\):\(_4,_1\)/, other);
    assert.match(other, /as instantiated at kernel\/bodies_kernel\.cpp:11\*/, other);
  });

  test("a choice of Body's site reads the body it selects under it; Body's other body keeps its own", async () => {
    const { instances, at } = await bodies();
    instances.choose({ Body: 'kernel/bodies_kernel.cpp:10' }, true);
    // Body<ColTag, 4>: (_2,_4):(_1,_2)
    const partial = at('auto partial', 6);
    assert.match(partial, /\(_2,_4\):\(_1,_2\)/, partial);
    assert.match(partial, /as instantiated at kernel\/bodies_kernel\.cpp:10\* · 1 more \(this one chosen\)/, partial);
    assert.match(at('auto primary', 6), /\(_16,_2\):\(_2,_1\)/);
  });
});

// test/fixtures/ownkernel: a kernel template of the workspace itself (kernel/own_kernel.h, outside
// the include root test/fixtures/bodies/include), instantiated once at kernel/own_main.cpp:6
const OWN = path.join(ROOT, 'test', 'fixtures', 'ownkernel');
const OWN_HEADER = path.join(OWN, 'kernel', 'own_kernel.h');
const OWN_TEXT = readFileSync(OWN_HEADER, 'utf8');

describe('a template defined outside the include roots', () => {
  test("a workspace file's own kernel template is read under its site; the index is left as it was", async () => {
    const index = new HeaderIndex();
    index.setFile(BODIES_HEADER, BODIES_TEXT);
    const { instances, queue } = queuedInstances(index, BODIES_INCLUDE);
    await instances.configure([OWN], [BODIES_INCLUDE]);
    instances.instanceOf(OWN_HEADER, OWN_TEXT);
    while (queue.length) queue.shift()!();
    const answer = instances.instanceOf(OWN_HEADER, OWN_TEXT);
    assert.deepEqual(
      answer?.views.map((v) => [v.template, v.mode, v.site.where]),
      [['OwnKernel', 'only', 'kernel/own_main.cpp:6']],
    );
    // the workspace file was in the index for the resolution only
    assert.equal(index.has(OWN_HEADER), false);
    assert.equal(index.fileCount, 1);
    const analyses = new DocumentAnalyses();
    analyses.instanceOf = (_uri, t) => instances.instanceOf(OWN_HEADER, t);
    const doc = analyses.get(TextDocument.create(pathToFileURL(OWN_HEADER).href, 'cpp', 1, OWN_TEXT));
    const before = OWN_TEXT.slice(0, OWN_TEXT.indexOf('auto own') + 6).split('\n');
    const h = hover(doc, { line: before.length - 1, character: before[before.length - 1].length }, DEFAULT_SETTINGS);
    const own = (h?.contents as { value: string } | undefined)?.value ?? '';
    // OwnKernel<4>: ROWS = Body<RowTag, 8>::ROWS = 8 (the include root's block), so (_8,_4):(_4,_1)
    assert.match(own, /\(_8,_4\):\(_4,_1\)/, own);
    assert.match(own, /as instantiated at kernel\/own_main\.cpp:6\*/, own);
  });
});

// test/fixtures/derived: CopyBlock<8> at kernel/copy_kernel.cpp:8, whose CopyGmToL1 member is
// CopyTile<GmPos, L1Pos, 16>: the partial specialisation of copy_tile.hpp
const DERIVED = path.join(ROOT, 'test', 'fixtures', 'derived');
const DERIVED_INCLUDE = path.join(DERIVED, 'include');
const COPY_BLOCK = path.join(DERIVED_INCLUDE, 'catlass', 'copy_block.hpp');
const COPY_TILE = path.join(DERIVED_INCLUDE, 'catlass', 'copy_tile.hpp');

describe('a body instantiated through another instantiation’s copy member', () => {
  test('the tile copy selected by the block’s CopyGmToL1 is read under it, once the block has been resolved', async () => {
    const index = new HeaderIndex();
    for (const f of [COPY_TILE, COPY_BLOCK]) index.setFile(f, readFileSync(f, 'utf8'));
    const { instances, queue } = queuedInstances(index, DERIVED_INCLUDE);
    const changed: string[] = [];
    instances.changed = (p) => void changed.push(p);
    await instances.configure([DERIVED], [DERIVED_INCLUDE]);
    const tileText = readFileSync(COPY_TILE, 'utf8');
    const drain = () => {
      while (queue.length) queue.shift()!();
    };
    // the tile alone: no site names CopyTile, nothing is read
    instances.instanceOf(COPY_TILE, tileText);
    drain();
    assert.equal(instances.instanceOf(COPY_TILE, tileText), undefined);
    // the block resolved: its site gives the tile copy a derived site, and the tile's editor is told
    instances.instanceOf(COPY_BLOCK, readFileSync(COPY_BLOCK, 'utf8'));
    drain();
    assert.ok(changed.includes(COPY_TILE), changed.join());
    const answer = instances.instanceOf(COPY_TILE, tileText);
    assert.deepEqual(
      answer?.views.map((v) => [v.template, v.mode, v.site.where]),
      [['CopyTile', 'only', 'kernel/copy_kernel.cpp:8 · CopyGmToL1']],
    );
    const analyses = new DocumentAnalyses();
    analyses.instanceOf = (_uri, t) => instances.instanceOf(COPY_TILE, t);
    const doc = analyses.get(TextDocument.create(pathToFileURL(COPY_TILE).href, 'cpp', 1, tileText));
    const before = tileText.slice(0, tileText.indexOf('auto step') + 6).split('\n');
    const h = hover(doc, { line: before.length - 1, character: before[before.length - 1].length }, DEFAULT_SETTINGS);
    const step = (h?.contents as { value: string } | undefined)?.value ?? '';
    // K = 8 · 2 = 16: (_16,_2):(_2,_1)
    assert.match(step, /\(_16,_2\):\(_2,_1\)/, step);
    assert.match(step, /as instantiated at kernel\/copy_kernel\.cpp:8 · CopyGmToL1\*/, step);
  });
});

describe('a template parameter is not a class the header declares', () => {
  // `template <int M, class TensorA, class Shape = void> struct ParamBlock`: only ParamBlock is a
  // class of the header. Its parameters' names are the templates of many `using L1TileShape = Shape<…>;`
  // lines of a workspace; taken as candidates they came first (a_tensors.cpp sorts before z_kernel.cpp) and
  // pushed the one real site past MAX_CANDIDATES, so the body was read under no instantiation.
  const BLOCK = [
    '// Self-written for the tests: a block whose template parameters are named like workspace aliases.',
    'namespace Catlass::Gemm::Demo {',
    'template <int M, class TensorA, class Shape = void>',
    'struct ParamBlock {',
    '    static constexpr int ROWS = M;',
    '    void Run()',
    '    {',
    '        auto rows = tla::MakeLayout(tla::MakeShape(tla::Int<ROWS>{}, tla::Int<4>{}), tla::MakeStride(tla::Int<4>{}, tla::Int<1>{}));',
    '    }',
    '};',
    '}',
    '',
  ].join('\n');

  test('the header names ParamBlock only, and its one site is found behind more than MAX_CANDIDATES aliases of its parameters', async () => {
    assert.deepEqual([...templatesOf(BLOCK)], ['ParamBlock']);
    const dir = mkdtempSync(path.join(tmpdir(), 'tla-params-'));
    const include = path.join(dir, 'include');
    mkdirSync(path.join(include, 'catlass'), { recursive: true });
    mkdirSync(path.join(dir, 'kernel'));
    const header = path.join(include, 'catlass', 'param_block.hpp');
    writeFileSync(header, BLOCK);
    const aliases = Array.from({ length: MAX_CANDIDATES + 10 }, (_, k) => `    using Tile${k} = ${k % 2 ? 'TensorA' : 'Shape'}<${k}>;`);
    writeFileSync(path.join(dir, 'kernel', 'a_tensors.cpp'), ['void Aliases()', '{', ...aliases, '}', ''].join('\n'));
    writeFileSync(
      path.join(dir, 'kernel', 'z_kernel.cpp'),
      [
        '#include "catlass/param_block.hpp"',
        'using namespace Catlass;',
        'void Run()',
        '{',
        '    using Block = Gemm::Demo::ParamBlock<16, int>;',
        '}',
        '',
      ].join('\n'),
    );
    const { instances, drain } = await fixture(dir, header, include, [include]);
    instances.instanceOf(header, BLOCK);
    drain();
    const answer = instances.instanceOf(header, BLOCK);
    assert.deepEqual(
      answer?.views.map((v) => [v.template, v.mode, v.site.where]),
      [['ParamBlock', 'only', 'kernel/z_kernel.cpp:5']],
    );
    const analyses = analysesWith(instances);
    const doc = analyses.get(TextDocument.create(pathToFileURL(header).href, 'cpp', 1, BLOCK));
    const before = BLOCK.slice(0, BLOCK.indexOf('auto rows') + 6).split('\n');
    const h = hover(doc, { line: before.length - 1, character: before[before.length - 1].length }, DEFAULT_SETTINGS);
    const rows = (h?.contents as { value: string } | undefined)?.value ?? '';
    // ROWS = M = 16: shape (_16,_4), row-major stride (_4,_1)
    assert.match(rows, /\(_16,_4\):\(_4,_1\)/, rows);
  });
});

describe("a member type's own members, as the body names them", () => {
  // `using Traits = DemoTraits<…>;` is a class: the body names its members qualified, in a member
  // function's `using LayoutTagA = typename Traits::LayoutA;` and in `tla::Int<Traits::ROWS>{}`
  const KERNEL = [
    '// Self-written for the tests: a kernel reading its types through a traits class (the idiom of planar kernels).',
    'namespace Catlass::layout {',
    'struct RowMajor {};',
    '}',
    'namespace Catlass::Gemm::Demo {',
    'template <class Element_, class Layout_>',
    'struct DemoTraits {',
    '    using ElementA = Element_;',
    '    using LayoutA = Layout_;',
    '    static constexpr int ROWS = 16;',
    '};',
    'template <class Element_, class Layout_>',
    'struct TraitsKernel {',
    '    using Traits = DemoTraits<Element_, Layout_>;',
    '    using ElementA = typename Traits::ElementA;',
    '    void Run(uint32_t m, uint32_t k)',
    '    {',
    '        using LayoutTagA = typename Traits::LayoutA;',
    '        auto layoutA = tla::MakeLayout<ElementA, LayoutTagA>(m, k);',
    '        auto rows = tla::MakeLayout(tla::MakeShape(tla::Int<Traits::ROWS>{}, tla::Int<2>{}), tla::MakeStride(tla::Int<2>{}, tla::Int<1>{}));',
    '    }',
    '    void Other(uint32_t m, uint32_t k)',
    '    {',
    '        using Traits = DemoTraits<Element_, OtherTag>;',
    '        using LayoutTagB = typename Traits::LayoutA;',
    '        auto hidden = tla::MakeLayout<ElementA, LayoutTagB>(m, k);',
    '    }',
    '};',
    '}',
    '',
  ].join('\n');

  test('typename Traits::LayoutA in a member function and Traits::ROWS read what the instantiation resolves', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tla-traits-'));
    const include = path.join(dir, 'include');
    mkdirSync(path.join(include, 'catlass'), { recursive: true });
    mkdirSync(path.join(dir, 'kernel'));
    const header = path.join(include, 'catlass', 'traits_kernel.hpp');
    writeFileSync(header, KERNEL);
    writeFileSync(
      path.join(dir, 'kernel', 'traits.cpp'),
      [
        '#include "catlass/traits_kernel.hpp"',
        'using namespace Catlass;',
        'void Run()',
        '{',
        '    using K = Gemm::Demo::TraitsKernel<half, layout::RowMajor>;',
        '}',
        '',
      ].join('\n'),
    );
    const { instances, drain } = await fixture(dir, header, include, [include]);
    instances.instanceOf(header, KERNEL);
    drain();
    assert.deepEqual(
      instances.instanceOf(header, KERNEL)?.views.map((v) => [v.template, v.site.where]),
      [['TraitsKernel', 'kernel/traits.cpp:5']],
    );
    const analyses = analysesWith(instances);
    const doc = analyses.get(TextDocument.create(pathToFileURL(header).href, 'cpp', 1, KERNEL));
    const hoverOn = (needle: string) => {
      const before = KERNEL.slice(0, KERNEL.indexOf(needle) + 6).split('\n');
      const h = hover(doc, { line: before.length - 1, character: before[before.length - 1].length }, DEFAULT_SETTINGS);
      return (h?.contents as { value: string } | undefined)?.value ?? '';
    };
    // LayoutTagA = Traits::LayoutA = RowMajor, half: shape (m,k), stride (k,_1)
    const layoutA = hoverOn('auto layoutA');
    assert.match(layoutA, /\(m,k\):\(k,_1\)/, layoutA);
    // Traits::ROWS = 16: (_16,_2):(_2,_1)
    const rows = hoverOn('auto rows');
    assert.match(rows, /\(_16,_2\):\(_2,_1\)/, rows);
    // a local `using Traits = …;` hides the member: its Traits::LayoutA is not the member's RowMajor
    const hidden = hoverOn('auto hidden');
    assert.doesNotMatch(hidden, /\(m,k\):\(k,_1\)/, hidden);
  });
});
