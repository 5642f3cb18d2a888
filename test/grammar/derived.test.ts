// The lists other modules derive from the vocabulary (server/src/language/builtins.ts) are
// its lists: the ohm grammar's words, the fast parser's, the statement splitter's, the
// nesting guard's and the C++ scanner's. Each check reads the module's behaviour (or the
// grammar text), so a list written again by hand somewhere and left behind fails here.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { scanCpp } from '../../server/src/language/cpp/scanner';
import { maxNesting } from '../../server/src/language/syntax/lexer';
import { parseStatementWithOhm } from '../../server/src/language/syntax/parser';
import { splitStatements } from '../../server/src/language/syntax/statements';
import {
  BUILTIN_FUNCTIONS,
  CPP_CONSTANT_TYPES,
  DECL_QUALIFIERS,
  INTEGER_TYPES,
  KEYWORDS,
  LAYOUT_TYPE_FORMS,
  STATEMENT_KEYWORDS,
  TYPE_FORMS,
} from '../../server/src/language/syntax/vocabulary';
import { fastParseStatement } from '../../server/src/language/syntax/fastParser';
import { grammarSource, wordAlternatives } from '../../server/src/language/syntax/grammar.ohm';

/** The words of a grammar rule `name = ("a" | "b" …) ~identPart`. */
function ruleWords(name: string): string[] {
  const m = new RegExp(`^\\s*${name} = \\(([^)]*)\\) ~identPart$`, 'm').exec(grammarSource);
  assert.ok(m, `no rule ${name} of words in the grammar`);
  return m[1].split('|').map((w) => JSON.parse(w.trim()) as string);
}

describe('the ohm grammar reads its words from the vocabulary', () => {
  test('castType is INTEGER_TYPES, keyword is KEYWORDS, declQualifier is DECL_QUALIFIERS', () => {
    assert.deepEqual(ruleWords('castType'), INTEGER_TYPES);
    assert.deepEqual(ruleWords('keyword'), KEYWORDS);
    assert.deepEqual(ruleWords('declQualifier'), DECL_QUALIFIERS);
  });
  test('every single-word rule (usingKw, auto, decltype …) is a keyword', () => {
    const single = [...grammarSource.matchAll(/^\s*\w+ = "(\w+)" ~identPart$/gm)].map((m) => m[1]);
    assert.ok(single.length >= 7, `found ${single}`);
    for (const w of single) assert.ok(KEYWORDS.includes(w), `${w} is not in KEYWORDS`);
  });
  test('a word after one of its prefixes is refused (a PEG alternative does not backtrack)', () => {
    assert.throws(() => wordAlternatives(['int', 'int64_t']), /int64_t comes after its prefix int/);
    assert.equal(wordAlternatives(['int64_t', 'int']), '("int64_t" | "int") ~identPart');
  });
});

describe('both parsers take the vocabulary’s casts and refuse its keywords as names', () => {
  for (const t of INTEGER_TYPES) {
    test(`cast to ${t}`, () => {
      for (const text of [`auto x = (${t})1;`, `auto x = static_cast<${t}>(1);`]) {
        const fast = fastParseStatement(text);
        const ohm = parseStatementWithOhm(text);
        assert.ok(fast && ohm.ok, text);
        assert.equal(fast.type === 'decl' && fast.expr.type === 'cast' && fast.expr.castType, t);
      }
    });
  }
  test('a keyword is never a name', () => {
    for (const kw of KEYWORDS) {
      const text = `auto ${kw} = 1;`;
      assert.equal(fastParseStatement(text), null, text);
      assert.ok(!parseStatementWithOhm(text).ok, text);
      // … but a name that starts with one is
      assert.ok(fastParseStatement(`auto ${kw}x = 1;`), `${kw}x`);
    }
  });
  test('the nesting guard counts every cast type as a prefix operator', () => {
    for (const t of INTEGER_TYPES) assert.equal(maxNesting(`x = (${t})(${t}) (${t})-1;`).prefix, 4, t);
    assert.equal(maxNesting('x = (notAType)-1;').prefix, 1);
  });
});

describe('the statement splitter starts a statement where the vocabulary says', () => {
  const parts = (text: string) => splitStatements(text).map((c) => c.text);
  test('a line starting with a statement keyword ends the unterminated statement before it', () => {
    for (const kw of STATEMENT_KEYWORDS) {
      assert.ok(KEYWORDS.includes(kw), kw);
      assert.equal(parts(`auto a = MakeShape(1, 2)\n${kw} b = 1;`).length, 2, kw);
    }
  });
  test('so does a declaration of a TLA type form or an integer type, but not a call', () => {
    for (const t of [...LAYOUT_TYPE_FORMS, ...INTEGER_TYPES]) {
      assert.deepEqual(parts(`auto a = MakeShape(1, 2)\n${t} b = x;`), ['auto a = MakeShape(1, 2)', `${t} b = x;`], t);
    }
    assert.equal(parts('auto a = MakeShape(1,\nMakeShape(b = 1));').length, 1);
    assert.equal(parts('auto a = MakeShape(1,\nHalf b = 1);').length, 1, 'Half is no type of the vocabulary');
  });
});

describe('the C++ scanner looks for the vocabulary’s names', () => {
  const found = (body: string) => scanCpp(`#include "tla/layout.hpp"\nvoid k() {\n  ${body}\n}\n`).expressions.length;
  test('a call of a function marked inCpp is a TLA expression; of any other builtin, not', () => {
    for (const f of BUILTIN_FUNCTIONS) assert.equal(found(`auto x = tla::${f.name}(a, b);`), f.inCpp ? 1 : 0, f.name);
  });
  test('a type form is one when it is one of LAYOUT_TYPE_FORMS', () => {
    for (const t of LAYOUT_TYPE_FORMS) assert.ok(t in TYPE_FORMS, `${t} is not a type form`);
    for (const t of Object.keys(TYPE_FORMS)) assert.equal(found(`auto x = ${t}<_1>{};`), LAYOUT_TYPE_FORMS.includes(t) ? 1 : 0, t);
  });
  test('integer constants of every CPP_CONSTANT_TYPES type (the language’s casts among them)', () => {
    for (const t of INTEGER_TYPES) assert.ok(CPP_CONSTANT_TYPES.includes(t), t);
    for (const t of CPP_CONSTANT_TYPES)
      assert.deepEqual(
        scanCpp(`constexpr ${t} N = 4;`).constants.map((c) => c.name),
        ['N'],
        t,
      );
  });
  test('what inlay hints and completion read: constructors are found in C++, optional templates are templates', () => {
    for (const f of BUILTIN_FUNCTIONS) {
      if (f.builds) assert.ok(f.inCpp, `${f.name} builds a ${f.builds} but the C++ scanner would not find it`);
      if (f.optionalTemplate) assert.ok(f.template, `${f.name}: optionalTemplate without a template signature`);
    }
    assert.deepEqual(
      BUILTIN_FUNCTIONS.filter((f) => f.builds === 'tensor').map((f) => f.name),
      ['MakeTensor', 'MakeTensorLike'],
    );
  });
});
