// Instantiation sites inside function templates, read under the calls of the function (issue 21):
// self-written kernels (test/fixtures/entryfn) build the demo block of test/fixtures/templates
// inside a function template of an enumeration parameter (called through a switch), and inside
// one of a type parameter called from another (a nesting of two). Expected values by hand in
// the comments.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyses } from '../../server/src/documents';
import { hover } from '../../server/src/features/hover';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { HeaderIndex, callsOfText, functionTemplatesOf } from '../../server/src/language';
import { sitesOfText } from '../../server/src/templateInstances';
import { queuedInstances } from './cppTestKit';
import { ROOT, SHARED_DIR } from '../helpers';

const DIR = path.join(ROOT, 'test', 'fixtures', 'entryfn');
const ENUM_KERNEL = path.join(DIR, 'kernel', 'enum_kernel.cpp');
const INCLUDE = path.join(ROOT, 'test', 'fixtures', 'templates', 'include');
const HEADER = path.join(INCLUDE, 'catlass', 'demo_block.hpp');
const HEADER_TEXT = readFileSync(HEADER, 'utf8');

async function resolved() {
  const index = new HeaderIndex();
  index.setFile(HEADER, HEADER_TEXT);
  const { instances, queue } = queuedInstances(index, INCLUDE);
  await instances.configure([DIR], [INCLUDE]);
  instances.instanceOf(HEADER, HEADER_TEXT);
  for (let n = 0; queue.length && n < 10_000; n++) queue.shift()!();
  return instances;
}

describe('function templates and their calls in a C++ text', () => {
  test('a function template: its parameters and its body; the calls with template arguments, by line', () => {
    const text = readFileSync(ENUM_KERNEL, 'utf8');
    const fns = functionTemplatesOf(text);
    // the class templates TagConfig are not functions; Run is (line 21: `template <TileTag Tag>`)
    assert.deepEqual(
      fns.map((f) => [f.name, f.line, f.params.map((p) => [p.kind, p.name, p.valueType])]),
      [['Run', 21, [['value', 'Tag', 'TileTag']]]],
    );
    assert.match(text.slice(fns[0].start, fns[0].end), /^\{\s*using Config = TagConfig<Tag>;[\s\S]*\}$/);
    assert.deepEqual(
      callsOfText(text).map((c) => [c.name, c.args, c.line]),
      [
        ['Run', ['TileTag::Wide'], 32],
        ['Run', ['TileTag::Tall'], 35],
      ],
    );
    // the site at line 25 is inside Run
    assert.equal(sitesOfText(ENUM_KERNEL, text).find((s) => s.alias === 'TagTile')?.fn?.name, 'Run');
  });
  test('template arguments over several lines are a call’s (example 70’s `FAInfer<⏎ half, …><<<…>>>(…)`); a condition over lines is not', () => {
    const text = [
      'void Launch(void *stream, uint32_t a, uint32_t b, uint32_t c, uint32_t d) {',
      '    if (a < b &&',
      '        c > (d)) {',
      '    }',
      '    while (a < b)',
      '        Step<half>(a);',
      '    FAInfer<',
      '        half, float,',
      '        Format::TND><<<8, nullptr, stream>>>(a);',
      '    Run<Shape<Int<1>,',
      '        Int<2>>>(b);',
      '}',
    ].join('\n');
    assert.deepEqual(
      callsOfText(text).map((c) => [c.name, c.args, c.line]),
      [
        ['Step', ['half'], 6],
        ['FAInfer', ['half', 'float', 'Format::TND'], 7],
        ['Run', ['Shape<Int<1>, Int<2>>'], 10],
      ],
    );
  });
  test('a `using X =` whose template starts on the next line is a site, at the line of `using`', () => {
    const sites = sitesOfText('k.cpp', 'void f() {\n  using K =\n      Gemm::Demo::Tile<16, 8>;\n}\n');
    assert.deepEqual(
      sites.map((s) => [s.alias, s.template, s.line]),
      [['K', 'Tile', 2]],
    );
  });
});

describe('a site inside a function template, one instantiation a call', () => {
  test('each call with arguments fixed is a site of its own; a call with a run-time argument is not resolved', async () => {
    const instances = await resolved();
    const g = instances.instanceOf(HEADER, HEADER_TEXT)?.groups[0];
    assert.ok(g);
    assert.deepEqual(
      g.sites.map((s) => [s.where, s.selected]),
      [
        // TagConfig<Wide> is 16×32, TagConfig<Tall> 32×8
        ['kernel/enum_kernel.cpp:25 via Run<TileTag::Wide>', 'Catlass::Gemm::Demo::Tile<16, 32>'],
        ['kernel/enum_kernel.cpp:25 via Run<TileTag::Tall>', 'Catlass::Gemm::Demo::Tile<32, 8>'],
        // Inner<T, 64> and Inner<T, 4> under Outer<half> and Outer<float>: RowsOf<half> = 16, RowsOf<float> = 8
        ['kernel/type_kernel.cpp:20 via Inner<half, 64>', 'Catlass::Gemm::Demo::Tile<16, 64>'],
        ['kernel/type_kernel.cpp:20 via Inner<float, 64>', 'Catlass::Gemm::Demo::Tile<8, 64>'],
        ['kernel/type_kernel.cpp:20 via Inner<half, 4>', 'Catlass::Gemm::Demo::Tile<16, 4>'],
        ['kernel/type_kernel.cpp:20 via Inner<float, 4>', 'Catlass::Gemm::Demo::Tile<8, 4>'],
      ],
    );
    // Inner<half, cols>: `cols` is a run-time int, never guessed; Pick<half> may call either of the two Pick templates
    // (each of their sites under it is not resolved)
    assert.equal(g.unresolved, 3);
    assert.equal(g.used, 'kernel/enum_kernel.cpp:25 via Run<TileTag::Wide>');
  });
  test('the header body reads the first call’s values, and the hover says which call', async () => {
    const instances = await resolved();
    const analyses = new DocumentAnalyses();
    analyses.instanceOf = (_uri, text) => instances.instanceOf(HEADER, text);
    const doc = analyses.get(TextDocument.create(pathToFileURL(HEADER).href, 'cpp', 1, HEADER_TEXT));
    const before = HEADER_TEXT.slice(0, HEADER_TEXT.indexOf('head =')).split('\n');
    const h = hover(doc, { line: before.length - 1, character: before[before.length - 1].length }, DEFAULT_SETTINGS);
    const text = (h?.contents as { value: string } | undefined)?.value ?? '';
    // Tile<16, 32>: LAYOUT (_16,_32):(_32,_1); its head tile has M/2 = 8 rows: (_8,_32):(_32,_1)
    assert.match(text, /\(_8,_32\):\(_32,_1\)/, text);
    assert.match(text, /as instantiated at kernel\/enum_kernel\.cpp:25 via Run<TileTag::Wide>/, text);
  });
  test('a chosen call is read instead', async () => {
    const instances = await resolved();
    instances.choose({ Tile: 'kernel/type_kernel.cpp:20 via Inner<float, 4>' });
    const v = instances.instanceOf(HEADER, HEADER_TEXT)?.views[0];
    assert.equal(v?.mode, 'chosen');
    assert.equal(v?.site.selected, 'Catlass::Gemm::Demo::Tile<8, 4>');
  });
});

// test/fixtures/ownfai: own_fai.h declares the kernel class OwnFai (its member aliases ElementQ,
// LayoutTagQ read from its Block) and after it the function template OwnFaiTla, whose own
// ElementQ = InDtype and LayoutTagQ = RowMajor build the Block of its site; own_fai.cpp calls
// OwnFaiTla<half>. The site reads the function's aliases, never the class's (not in scope there).
const OWN_FAI = path.join(ROOT, 'test', 'fixtures', 'ownfai');
const OWN_FAI_INCLUDE = path.join(OWN_FAI, 'include');
const OWN_FAI_HEADER = path.join(OWN_FAI, 'kernel', 'own_fai.h');

describe('a kernel class instantiated by a function template after it in the same file', () => {
  test('the class body is read under the call; its member aliases are not the site’s', async () => {
    const index = new HeaderIndex();
    const block = path.join(OWN_FAI_INCLUDE, 'catlass', 'fai_block.hpp');
    index.setFile(block, readFileSync(block, 'utf8'));
    const { instances, queue } = queuedInstances(index, OWN_FAI_INCLUDE);
    await instances.configure([OWN_FAI], [OWN_FAI_INCLUDE]);
    const text = readFileSync(OWN_FAI_HEADER, 'utf8');
    instances.instanceOf(OWN_FAI_HEADER, text);
    for (let n = 0; queue.length && n < 10_000; n++) queue.shift()!();
    const v = instances.instanceOf(OWN_FAI_HEADER, text)?.views[0];
    assert.equal(v?.site.where, 'kernel/own_fai.h:27 via OwnFaiTla<half>');
    const analyses = new DocumentAnalyses();
    analyses.instanceOf = (_uri, t) => instances.instanceOf(OWN_FAI_HEADER, t);
    const doc = analyses.get(TextDocument.create(pathToFileURL(OWN_FAI_HEADER).href, 'cpp', 1, text));
    const before = text.slice(0, text.indexOf('layoutQ =')).split('\n');
    const h = hover(doc, { line: before.length - 1, character: before[before.length - 1].length + 3 }, DEFAULT_SETTINGS);
    const shown = (h?.contents as { value: string } | undefined)?.value ?? '';
    // MakeLayout<half, RowMajor>(rows, cols): shape (rows,cols), stride (cols,_1)
    assert.match(shown, /\(rows,cols\):\(cols,_1\)/, shown);
    assert.match(shown, /as instantiated at kernel\/own_fai\.h:27 via OwnFaiTla<half>/, shown);
  });
});

// test/fixtures/archcall: Format is declared only when CATLASS_ARCH is 3510 (fa_all.hpp includes
// fa_enums.hpp under that #if); FaInfer's body names Arch::Ascend950, so its call FaInfer<Format::TND>
// is resolved under that arch, as its site's scratch is.
const ARCH_CALL = path.join(ROOT, 'test', 'fixtures', 'archcall');
const ARCH_CALL_INCLUDE = path.join(ARCH_CALL, 'include');
const ARCH_CALL_KERNEL = path.join(ARCH_CALL, 'kernel', 'fa_kernel.cpp');

describe('a call whose arguments name what only the Ascend950 headers declare', () => {
  test('FaInfer<Format::TND> is resolved under the arch its body names: FaKernel<16>', async () => {
    const index = new HeaderIndex();
    for (const h of ['fa_all.hpp', 'fa_enums.hpp']) {
      const file = path.join(ARCH_CALL_INCLUDE, 'catlass', h);
      index.setFile(file, readFileSync(file, 'utf8'));
    }
    const { instances, queue } = queuedInstances(index, ARCH_CALL_INCLUDE);
    await instances.configure([ARCH_CALL], [ARCH_CALL_INCLUDE]);
    const text = readFileSync(ARCH_CALL_KERNEL, 'utf8');
    instances.instanceOf(ARCH_CALL_KERNEL, text);
    for (let n = 0; queue.length && n < 10_000; n++) queue.shift()!();
    const v = instances.instanceOf(ARCH_CALL_KERNEL, text)?.views[0];
    // Format::TND selects 16 columns
    assert.equal(v?.site.where, 'kernel/fa_kernel.cpp:19 via FaInfer<Format::TND>');
    assert.equal(v?.site.selected, 'FaKernel<16>');
  });
});

// example 61 builds its three blocks inside `template <SvdQuantTilingTag TilingTag> void Run(…)`, from
// TilingTag2Config<TilingTag>'s tile shapes, and calls Run<Small> (line 384) or Run<Common> (line 386)
const CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass');
const CORPUS_INCLUDE = path.join(CORPUS, 'include');
const EXAMPLE_61 = path.join(CORPUS, 'examples', '61_ascend950_svd_quant_matmul');
const SVD_BLOCK = path.join(CORPUS_INCLUDE, 'catlass', 'gemm', 'block', 'block_mmad_svd_quant_tla.hpp');

function indexAll(index: HeaderIndex, dir: string): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) indexAll(index, p);
    else if (/\.(h|hpp)$/.test(e.name)) index.setFile(p, readFileSync(p, 'utf8'));
  }
}

describe('example 61’s SVD block under each call of Run', { skip: existsSync(SVD_BLOCK) ? false : `no corpus at ${CORPUS}` }, () => {
  test('each body of block_mmad_svd_quant_tla.hpp has a site per call, with that call’s tile shapes', async () => {
    const index = new HeaderIndex();
    indexAll(index, CORPUS_INCLUDE);
    const { instances, queue } = queuedInstances(index, CORPUS_INCLUDE);
    await instances.configure([EXAMPLE_61], [CORPUS_INCLUDE]);
    const text = readFileSync(SVD_BLOCK, 'utf8');
    instances.instanceOf(SVD_BLOCK, text);
    for (let n = 0; queue.length && n < 100_000; n++) queue.shift()!();
    const groups = instances.instanceOf(SVD_BLOCK, text)?.groups ?? [];
    const shapes = (where: string) => groups.flatMap((g) => g.sites).find((s) => s.where === where)?.selected ?? '';
    // BlockMmad1 (line 264): L1TileShape1 is 128×128×256 under both configurations (lines 90 and 99)
    assert.match(shapes('svd_quant_matmul.cpp:264 via Run<SvdQuantTilingTag::Small>'), /MmadSvd1<.*\(_128,_128,_256\), \(_128,_128,_128\)/);
    assert.match(shapes('svd_quant_matmul.cpp:264 via Run<SvdQuantTilingTag::Common>'), /MmadSvd1<.*\(_128,_128,_256\), \(_128,_128,_128\)/);
    // BlockMmad2 (line 277): L1TileShape2 is 128×256×128 for Small (line 101), 256×256×128 for Common (line 92)
    assert.match(shapes('svd_quant_matmul.cpp:277 via Run<SvdQuantTilingTag::Small>'), /MmadSvd2<.*\(_128,_256,_128\), \(_128,_256,_64\)/);
    assert.match(shapes('svd_quant_matmul.cpp:277 via Run<SvdQuantTilingTag::Common>'), /MmadSvd2<.*\(_256,_256,_128\), \(_256,_256,_64\)/);
  });
});
