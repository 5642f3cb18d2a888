// The header index fed as the server's parser thread feeds it (a name summary, the facts decoded
// on first use): every lookup equals an index fed the texts, a header's facts are decoded only
// when a lookup reaches it, and the name table follows each change and removal file by file.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { deserialize, serialize } from 'node:v8';
import { HeaderIndex, headerFacts, summarizeFacts } from '../../server/src/language';
import { policyHeader } from './workspaceKit';

const nested = `namespace Catlass::Gemm {
enum Kind { A = 1, B = 2 };
enum class Scoped { C };
template <class T> struct Outer { struct Inner { struct Deep { static constexpr int v = 3; }; }; using X = T; };
template <> struct Outer<int> { using X = float; };
}
namespace tla { using namespace Catlass; }
`;

/** An index fed through the parser thread's path: serialized facts, decoded on demand; counts the decodes. */
function encodedIndex() {
  const index = new HeaderIndex();
  const decoded: string[] = [];
  const set = (p: string, text: string) => {
    const facts = headerFacts(text);
    const bytes = serialize(facts);
    index.setEncodedFacts(p, { summary: summarizeFacts(facts), decode: () => (decoded.push(p), deserialize(bytes)) });
  };
  return { index, decoded, set };
}

/** What a lookup answers, as plain data (file, kind, name, line, specialization). */
const shown = (i: HeaderIndex, q: string) =>
  i
    .lookup(q)
    .map(
      (d) =>
        `${d.file} ${d.decl.kind} ${'name' in d.decl ? d.decl.name : ''} ${'line' in d.decl ? d.decl.line : ''} ${JSON.stringify((d.decl as { specTexts?: string[] }).specTexts ?? null)}`,
    );

const NAMES = [
  'Catlass::Gemm::Outer',
  'Catlass::Gemm::Outer::Inner',
  'Catlass::Gemm::Outer::Inner::Deep',
  'Catlass::Gemm::Kind',
  'Catlass::Gemm::A',
  'Catlass::Gemm::C',
  'Catlass::Gemm::Scoped',
  'tla::using namespace',
  'Catlass::Gemm::Block::MmadPolicy1',
  'Catlass::Gemm::Block::MmadPolicy2',
];

describe('the header index fed encoded facts', () => {
  test('answers every lookup as an index fed the texts, decoding a header only when a lookup reaches it', () => {
    const eager = new HeaderIndex();
    const lazy = encodedIndex();
    const files: [string, string][] = [
      ['/i/catlass/a.hpp', nested],
      ['/i/catlass/p1.hpp', policyHeader(1)],
      ['/i/catlass/p2.hpp', policyHeader(2)],
      ['/i/catlass/p1b.hpp', policyHeader(1, '') /* the same name declared twice, in two files */],
    ];
    for (const [p, text] of files) {
      eager.setFile(p, text);
      lazy.set(p, text);
    }
    assert.deepEqual(lazy.decoded, [], 'nothing decoded before a lookup');
    assert.equal(lazy.index.isNamespace('Catlass::Gemm'), true);
    assert.equal(lazy.index.isNamespace('Catlass::Gemm::Block'), true);
    assert.deepEqual(lazy.index.includesOf('/i/catlass/p1.hpp'), eager.includesOf('/i/catlass/p1.hpp'));
    assert.deepEqual(lazy.decoded, [], 'namespaces and includes need no decode');
    assert.deepEqual(shown(lazy.index, 'Catlass::Gemm::Block::MmadPolicy2'), shown(eager, 'Catlass::Gemm::Block::MmadPolicy2'));
    assert.deepEqual(lazy.decoded, ['/i/catlass/p2.hpp'], 'only the file the lookup reached');
    for (const q of NAMES) assert.deepEqual(shown(lazy.index, q), shown(eager, q), q);
    // (hand count: Outer is the primary and the Outer<int> specialization, both in a.hpp, in that order)
    assert.equal(lazy.index.lookup('Catlass::Gemm::Outer').length, 2);
    assert.equal(lazy.index.lookup('Catlass::Gemm::Block::MmadPolicy1').length, 2);
    // a declaration is one object for the life of its file's facts
    assert.equal(lazy.index.lookup('Catlass::Gemm::Outer')[0].decl, lazy.index.lookup('Catlass::Gemm::Outer')[0].decl);
  });

  test('a changed and a removed header change only their names; the order stays a cold index’s', () => {
    const lazy = encodedIndex();
    const cold = new HeaderIndex();
    lazy.set('/i/catlass/a.hpp', nested);
    lazy.set('/i/catlass/p1.hpp', policyHeader(1));
    lazy.set('/i/catlass/p1b.hpp', policyHeader(1));
    assert.equal(lazy.index.lookup('Catlass::Gemm::Block::MmadPolicy1').length, 2);
    // p1.hpp now declares MmadPolicy7 instead; a.hpp goes
    lazy.set('/i/catlass/p1.hpp', policyHeader(7));
    lazy.index.removeFile('/i/catlass/a.hpp');
    cold.setFile('/i/catlass/p1.hpp', policyHeader(7));
    cold.setFile('/i/catlass/p1b.hpp', policyHeader(1));
    for (const q of [...NAMES, 'Catlass::Gemm::Block::MmadPolicy7']) assert.deepEqual(shown(lazy.index, q), shown(cold, q), q);
    assert.equal(lazy.index.lookup('Catlass::Gemm::Block::MmadPolicy1').length, 1);
    assert.equal(lazy.index.isNamespace('tla'), false, 'no header opens tla any more');
    assert.equal(lazy.index.isNamespace('Catlass::Gemm::Block'), true);
    lazy.index.removeFile('/i/catlass/p1.hpp');
    lazy.index.removeFile('/i/catlass/p1b.hpp');
    assert.equal(lazy.index.isNamespace('Catlass'), false);
    assert.equal(lazy.index.fileCount, 0);
  });
});
