// Instantiation sites inside function templates, read under the calls of the function (issue 21):
// self-written kernels (test/fixtures/entryfn) build the demo block of test/fixtures/templates
// inside a function template of an enumeration parameter (called through a switch), and inside
// one of a type parameter called from another (a nesting of two). Expected values by hand in
// the comments.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyses } from '../../server/src/documents';
import { hover } from '../../server/src/features/hover';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { HeaderIndex, callsOfText, functionTemplatesOf } from '../../server/src/language';
import { TemplateInstances, sitesOfText } from '../../server/src/templateInstances';
import { ROOT } from '../helpers';

const DIR = path.join(ROOT, 'test', 'fixtures', 'entryfn');
const ENUM_KERNEL = path.join(DIR, 'kernel', 'enum_kernel.cpp');
const INCLUDE = path.join(ROOT, 'test', 'fixtures', 'templates', 'include');
const HEADER = path.join(INCLUDE, 'catlass', 'demo_block.hpp');
const HEADER_TEXT = readFileSync(HEADER, 'utf8');

async function resolved() {
  const index = new HeaderIndex();
  index.setFile(HEADER, HEADER_TEXT);
  const queue: (() => void)[] = [];
  const instances = new TemplateInstances(
    () => ({ index, root: INCLUDE }),
    (run) => void queue.push(run),
  );
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
    // Inner<half, cols>: `cols` is a run-time int, never guessed
    assert.equal(g.unresolved, 1);
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
