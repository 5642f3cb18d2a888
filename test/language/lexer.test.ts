// The one tokenizer (server/src/language/lexer.ts) under its readers' options: what a
// token is, where it starts and ends, and the states a reader relies on (first on its
// line, malformed, an unclosed block comment). Expected tokens written out by hand.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { Lexer, LexerOptions, TLA_LEXER, TokenKind, maxNesting, mayNestBeyond } from '../../server/src/language/syntax/lexer';
import { MAX_NESTING } from '../../server/src/core/limits';

const CPP: LexerOptions = { operators: ['::', '->', '==', '!=', '<=', '>=', '&&', '||'], numbers: 'pp', preprocessor: 'continued', crEndsLine: true };

/** `kind:text` of every token, with `^` before one that is first on its line and `!` after a malformed one. */
function tokens(options: LexerOptions, text: string): string[] {
  const lx = new Lexer(options).reset(text);
  const out: string[] = [];
  for (let k = lx.next(); k !== TokenKind.End; k = lx.next()) out.push(`${lx.bol ? '^' : ''}${TokenKind[k]}:${lx.value}${lx.malformed ? '!' : ''}`);
  return out;
}

describe('lexer', () => {
  test('the language: names, static integers, operators of the grammar, `>>` as two tokens', () => {
    assert.deepEqual(tokens(TLA_LEXER, 'auto l = tla::Shape<Int<_16>>{} -> x == y != z;'), [
      '^Ident:auto',
      'Ident:l',
      'Punct:=',
      'Ident:tla',
      'Punct:::',
      'Ident:Shape',
      'Punct:<',
      'Ident:Int',
      'Punct:<',
      'Ident:_16',
      'Punct:>',
      'Punct:>',
      'Punct:{',
      'Punct:}',
      'Punct:->',
      'Ident:x',
      'Punct:==',
      'Ident:y',
      'Punct:!=',
      'Ident:z',
      'Punct:;',
    ]);
  });
  test('integer literals as the grammar reads them: suffixes, hex, and a name character after one is malformed', () => {
    assert.deepEqual(tokens(TLA_LEXER, '12 0x1F 7u 8UL 9ull 10LL 12abc 0x 1.5'), [
      '^Number:12',
      'Number:0x1F',
      'Number:7u',
      'Number:8UL',
      'Number:9ull',
      'Number:10LL',
      'Number:12!',
      'Ident:abc',
      'Number:0!',
      'Ident:x',
      'Number:1',
      'Punct:.',
      'Number:5',
    ]);
  });
  test("C++'s preprocessing numbers: one token each", () => {
    assert.deepEqual(tokens(CPP, "1.5f 1'000 0x1Fu 12abc"), ['^Number:1.5f', "Number:1'000", 'Number:0x1Fu', 'Number:12abc']);
  });
  test('comments are skipped, or tokens when asked; an unclosed block comment runs to the end', () => {
    const text = 'a // b\nc /* d\n */ e /* f';
    assert.deepEqual(tokens(TLA_LEXER, text), ['^Ident:a', '^Ident:c', 'Ident:e']);
    assert.deepEqual(tokens({ ...TLA_LEXER, comments: true }, text), [
      '^Ident:a',
      'Comment:// b',
      '^Ident:c',
      'Comment:/* d\n */',
      'Ident:e',
      'Comment:/* f!',
    ]);
    const lx = new Lexer(TLA_LEXER).reset(text);
    while (lx.next() !== TokenKind.End);
    assert.equal(lx.unclosedComment, true);
  });
  test('strings and chars: escapes, and an unclosed one stops at its line end', () => {
    assert.deepEqual(tokens(TLA_LEXER, `"a\\"b" 'c' "open\nx`), ['^String:"a\\"b"', "Char:'c'", 'String:"open!', '^Ident:x']);
  });
  test('a lone \\r ends a line only with crEndsLine (the language reads it as a blank, as ohm does)', () => {
    assert.deepEqual(tokens(TLA_LEXER, 'a // b\rc\nd'), ['^Ident:a', '^Ident:d']);
    assert.deepEqual(tokens(CPP, 'a // b\rc\r\nd'), ['^Ident:a', '^Ident:c', '^Ident:d']);
  });
  test('preprocessor lines: first on their line, with continuations in C++; elsewhere `#` is punctuation', () => {
    assert.deepEqual(tokens(CPP, '#define A \\\n  1\nx # y\n  /* c */ #if B\nz'), [
      '^Preprocessor:#define A \\\n  1',
      '^Ident:x',
      'Punct:#',
      'Ident:y',
      '^Preprocessor:#if B',
      '^Ident:z',
    ]);
    assert.deepEqual(tokens({ ...TLA_LEXER, preprocessor: 'line' }, '#define A \\\nB'), ['^Preprocessor:#define A \\', '^Ident:B']);
    assert.deepEqual(tokens(TLA_LEXER, '#include'), ['^Punct:#', 'Ident:include']);
  });
  test('operators of three characters, and a region with its state', () => {
    assert.deepEqual(tokens({ operators: ['<<=', '::'], numbers: 'pp' }, 'a<<=b<<c'), [
      '^Ident:a',
      'Punct:<<=',
      'Ident:b',
      'Punct:<',
      'Punct:<',
      'Ident:c',
    ]);
    const lx = new Lexer(TLA_LEXER).reset('xx yy::zz', 3, 6, false);
    const got: string[] = [];
    for (let k = lx.next(); k !== TokenKind.End; k = lx.next()) got.push(`${lx.bol}:${lx.value}`);
    assert.deepEqual(got, ['false:yy', 'false::'], 'the region ends at 6, so `::` is cut to `:`');
  });
  test('property: tokens are in order, inside the text, and what lies between them is blank or a comment', () => {
    const chars = fc.constantFrom(...'ab_1 x9\n\r\t/*"\'#:<>=-+();{}\\.');
    for (const options of [TLA_LEXER, CPP, { ...TLA_LEXER, comments: true, preprocessor: 'line' as const }]) {
      fc.assert(
        fc.property(
          fc.array(chars, { maxLength: 60 }).map((a) => a.join('')),
          (text) => {
            const lx = new Lexer(options).reset(text);
            let at = 0;
            for (let k = lx.next(); k !== TokenKind.End; k = lx.next()) {
              assert.ok(lx.start >= at && lx.end > lx.start && lx.end <= text.length, JSON.stringify(text));
              const gap = text.slice(at, lx.start).replace(/\/\/[^\n\r]*|\/\*[\s\S]*?(\*\/|$)/g, '');
              assert.ok(
                [...gap].every((ch) => ch.charCodeAt(0) <= 32),
                JSON.stringify(text),
              );
              at = lx.end;
            }
          },
        ),
        { numRuns: 300 },
      );
    }
  });
});

describe('mayNestBeyond: the guard before the nesting guard', () => {
  test('200 open parentheses are within the limit, 201 are not; a long flat sum is within', () => {
    const deep = (n: number) => 'auto x = ' + '('.repeat(n) + '1' + ')'.repeat(n) + ';';
    assert.equal(mayNestBeyond(deep(MAX_NESTING)), false);
    assert.equal(maxNesting(deep(MAX_NESTING)).brackets, MAX_NESTING);
    assert.equal(mayNestBeyond(deep(MAX_NESTING + 1)), true);
    assert.equal(maxNesting(deep(MAX_NESTING + 1)).brackets, MAX_NESTING + 1);
    assert.equal(mayNestBeyond('auto s = ' + Array.from({ length: 150 }, (_, i) => `a${i}`).join(' + ') + ';'), false);
  });
  test('property: when it says no, the tokens nest no deeper than MAX_NESTING', () => {
    const piece = fc.constantFrom('(', ')', '[', ']', '{', '}', '<', '>', '-', '+', '(int64_t)', ' x', '1', '"(("', '// ((\n', '/* [[ */', ',');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 600 }), (parts) => {
        const text = parts.join('');
        const d = maxNesting(text);
        if (!mayNestBeyond(text)) assert.ok(d.brackets <= MAX_NESTING && d.prefix <= MAX_NESTING);
        if (d.brackets > MAX_NESTING || d.prefix > MAX_NESTING) assert.ok(mayNestBeyond(text));
      }),
      { numRuns: 300 },
    );
  });
});
