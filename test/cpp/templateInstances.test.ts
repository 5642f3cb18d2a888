// Values in a class template's body under the workspace's one instantiation of it (issue 21,
// item 4), on self-written fixtures (test/fixtures/instances): the sites are found by a walk of
// the folder, resolved off the request path, and the header's hovers and hints read the body
// under the one that selects it. Expected values are worked by hand in the comments.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyses } from '../../server/src/documents';
import { hover } from '../../server/src/features/hover';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { HeaderIndex } from '../../server/src/language';
import { TemplateInstances, sitesOfText } from '../../server/src/templateInstances';
import { ROOT } from '../helpers';

// the workspace: one kernel instantiating the demo block once; the demo kernel of test/fixtures/templates instantiates it twice
const DIR = path.join(ROOT, 'test', 'fixtures', 'instances');
const TWO_SITES = path.join(ROOT, 'test', 'fixtures', 'templates');
const INCLUDE = path.join(TWO_SITES, 'include');
const HEADER = path.join(INCLUDE, 'catlass', 'demo_block.hpp');
const HEADER_TEXT = readFileSync(HEADER, 'utf8');

/** The instances of the fixture folder, every scheduled step run when `drain` is called. */
async function fixture(folder = DIR) {
  const index = new HeaderIndex();
  index.setFile(HEADER, HEADER_TEXT);
  const queue: (() => void)[] = [];
  const instances = new TemplateInstances(
    () => ({ index, root: INCLUDE }),
    (run) => void queue.push(run),
  );
  const changed: string[] = [];
  instances.changed = (p) => void changed.push(p);
  await instances.configure([folder], [INCLUDE, path.join(DIR, 'include')]);
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
    const queue: (() => void)[] = [];
    const instances = new TemplateInstances(
      () => ({ index, root: include }),
      (run) => void queue.push(run),
    );
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
    assert.equal(instances.instanceOf(HEADER, HEADER_TEXT), undefined);
    drain();
    assert.deepEqual(changed, [HEADER]);
    const i = instances.instanceOf(HEADER, HEADER_TEXT);
    assert.ok(i);
    assert.equal(i.where, 'kernel/single_kernel.cpp:8');
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
  test('two sites in the workspace: no instantiation, today’s answer', async () => {
    const { instances, drain, changed } = await fixture(TWO_SITES);
    instances.instanceOf(HEADER, HEADER_TEXT);
    drain();
    assert.equal(instances.instanceOf(HEADER, HEADER_TEXT), undefined);
    assert.deepEqual(changed, []);
  });
  test('a second site (an open document) makes it ambiguous: no instantiation, today’s answer', async () => {
    const { instances, drain } = await fixture();
    instances.setOpen(
      path.join(DIR, 'kernel', 'other.cpp'),
      '#include "catlass/single_block.hpp"\nusing Other = Catlass::Gemm::Demo::Tile<32, 4>;\n',
    );
    instances.instanceOf(HEADER, HEADER_TEXT);
    drain();
    assert.equal(instances.instanceOf(HEADER, HEADER_TEXT), undefined);
    assert.doesNotMatch(hoverAt(analysesWith(instances), 'head ='), /as instantiated/);
    // closed again: the one site is back
    instances.setOpen(path.join(DIR, 'kernel', 'other.cpp'), undefined);
    instances.instanceOf(HEADER, HEADER_TEXT);
    drain();
    assert.equal(instances.instanceOf(HEADER, HEADER_TEXT)?.where, 'kernel/single_kernel.cpp:8');
  });
  test('an edited header is not read under the answer of its old text', async () => {
    const { instances, drain } = await fixture();
    instances.instanceOf(HEADER, HEADER_TEXT);
    drain();
    assert.equal(instances.instanceOf('\n' + HEADER_TEXT, HEADER_TEXT) ?? undefined, undefined);
    assert.equal(instances.instanceOf(HEADER, '\n' + HEADER_TEXT), undefined);
  });
});
