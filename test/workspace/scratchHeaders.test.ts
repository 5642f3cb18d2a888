// A `.tla` scratchpad's `#include "catlass/…"` reads the workspace's one header index: nothing is
// read from disk by the analyses, the file's own values show before the index's first run is
// complete, and its header values once it is (the cached analysis is made again), and again when
// the index changes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyses, ScratchHeaders } from '../../server/src/documents';
import { HeaderIndex, printValue } from '../../server/src/language';
import { ROOT } from '../helpers';

const include = path.join(ROOT, 'test', 'fixtures', 'templates', 'include');
const demo = path.join(include, 'catlass', 'demo_block.hpp');
const TEXT =
  '#include "catlass/demo_block.hpp"\nauto own = MakeLayout(MakeShape(4, 8), MakeStride(8, 1));\nusing T = Catlass::Gemm::Demo::Tile<16, 8>;\nauto l = T::LAYOUT;\n';

describe('a scratchpad reads the workspace header index', () => {
  test('its own values at once, the header values once the index is ready, new ones when it changes', () => {
    const index = new HeaderIndex();
    const state: ScratchHeaders = { index, root: include, ready: false, generation: 0 };
    const analyses = new DocumentAnalyses();
    analyses.headersOf = () => ({ ...state });
    const doc = TextDocument.create('file:///s.tla', 'tla-layout', 1, TEXT);
    const value = (name: string) => {
      const v = analyses.get(doc).analysis.declarations.get(name)?.value;
      return v ? printValue(v) : undefined;
    };
    // (4,8):(8,1) by the text; the index is empty and not ready: no header value, and no disk read gives one
    assert.match(value('own') ?? '', /^\(4,8\):\(8,1\)/);
    assert.equal(value('l'), undefined);
    // the index reads the header, its first run completes (generation 1)
    index.setFile(demo, readFileSync(demo, 'utf8'));
    state.ready = true;
    state.generation = 1;
    // Tile<16, 8>: a 16×8 row-major layout, stride (_8,_1) (the fixture's MakeStride(Int<N>, Int<1>))
    assert.equal(value('l')?.split(':').slice(0, 2).join(':'), '(_16,_8):(_8,_1)');
    assert.match(value('own') ?? '', /^\(4,8\):\(8,1\)/);
    // the header goes (a checkout removed it) and the index's next run ends: the value goes too
    index.removeFile(demo);
    state.generation = 2;
    assert.equal(value('l'), undefined);
  });

  test('no Catlass tree in the workspace: the includes resolve nothing, the file keeps its own values', () => {
    const analyses = new DocumentAnalyses();
    analyses.headersOf = () => undefined;
    const a = analyses.get(TextDocument.create('file:///s.tla', 'tla-layout', 1, TEXT)).analysis;
    assert.match(printValue(a.declarations.get('own')!.value!), /^\(4,8\):\(8,1\)/);
    assert.equal(a.declarations.get('l')?.value ?? undefined, undefined);
  });

  test('the includes are the preprocessor statements: one inside a comment includes nothing (the text is not scanned for them)', () => {
    const index = new HeaderIndex();
    index.setFile(demo, readFileSync(demo, 'utf8'));
    const analyses = new DocumentAnalyses();
    analyses.headersOf = () => ({ index, root: include, ready: true, generation: 1 });
    // the same scratchpad with its #include line inside a block comment: as in C++, no header is read
    const commented = TEXT.replace('#include "catlass/demo_block.hpp"\n', '/*\n#include "catlass/demo_block.hpp"\n*/\n');
    const withInclude = analyses.get(TextDocument.create('file:///a.tla', 'tla-layout', 1, TEXT));
    const without = analyses.get(TextDocument.create('file:///b.tla', 'tla-layout', 1, commented));
    assert.ok(withInclude.scratch, 'the included header is read');
    assert.equal(without.scratch, undefined);
    assert.equal(without.analysis.declarations.get('l')?.value ?? undefined, undefined);
  });
});
