// Rename refuses every word that cannot be a name: after the rename the document would not
// parse (or would mean something else). One test per word list: the language's reserved words,
// C++'s keywords (kernels are C++; a .tla file is copied back into one), and the integer and
// cast types the grammar reads as types.
import { describe, test } from 'node:test';
import { INTEGER_TYPES, KEYWORDS } from '../../server/src/language/syntax/vocabulary';
import { checkRename } from './fixture';

const DOC = 'auto [|l$0ay|] = MakeLayout(MakeShape(4, 8), MakeStride(8, 1));\nauto o = [|lay|](MakeCoord(1, 2));';

// C++17's keywords and alternative tokens ([lex.key], [lex.digraph]), written out here so the
// test does not read the list it checks.
const CPP_KEYWORDS_BY_HAND = `alignas alignof and and_eq asm auto bitand bitor bool break case catch char char16_t char32_t
  class compl const constexpr const_cast continue decltype default delete do double dynamic_cast else enum explicit export
  extern false float for friend goto if inline int long mutable namespace new noexcept not not_eq nullptr operator or or_eq
  private protected public register reinterpret_cast return short signed sizeof static static_assert static_cast struct
  switch template this thread_local throw true try typedef typeid typename union unsigned using virtual void volatile
  wchar_t while xor xor_eq`.split(/\s+/);

describe('rename refuses a word that cannot be a name', () => {
  test("the language's reserved words (KEYWORDS: typedef and decltype among them)", () => {
    for (const w of KEYWORDS) checkRename(DOC, w, { refused: 'not a valid name' });
    for (const w of ['typedef', 'decltype']) checkRename(DOC, w, { refused: 'not a valid name' });
  });
  test("C++'s keywords and alternative tokens", () => {
    for (const w of CPP_KEYWORDS_BY_HAND) checkRename(DOC, w, { refused: 'not a valid name' });
  });
  test('the integer and cast types', () => {
    for (const w of INTEGER_TYPES) checkRename(DOC, w, { refused: 'not a valid name' });
  });
  test('a static integer literal (_8) and a non-identifier', () => {
    for (const w of ['_8', '8a', 'a-b', '']) checkRename(DOC, w, { refused: 'not a valid name' });
  });
  test('an ordinary name is renamed at every occurrence', () => {
    checkRename(DOC, 'tile', 'edits');
    checkRename(DOC, 'int_', 'edits');
  });
});
