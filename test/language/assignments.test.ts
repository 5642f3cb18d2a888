// C++ assignments of a declared name in a `.tla` file (`a += b;`, `a -= b;`, `a *= b;`, `a = b;`):
// a new binding of the name from the next statement on, the statements before it reading the
// earlier value; hover, references, rename and go-to-definition treat each as a write of the
// same name. Expected values are hand arithmetic (in the comments).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analyzer, printValue } from '../../server/src/language';
import { analysedDocument, checkDefinition, checkHover, checkReferences, checkRename } from './fixture';
import { semanticTokensOf } from '../../server/src/language/ide/semanticTokens';
import { symbols } from '../../server/src/language/ide/symbols';

/** The value of every statement's name, by the statement's text. */
function values(text: string): Record<string, string | null> {
  const a = new Analyzer().analyze(text);
  const out: Record<string, string | null> = {};
  for (const s of a.statements) out[s.chunk.text.trim()] = s.result?.value ? printValue(s.result.value) : null;
  return out;
}

const errors = (text: string) =>
  new Analyzer()
    .analyze(text)
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.code}: ${d.message}`);

describe('compound assignment and re-assignment in .tla', () => {
  test('each assignment binds the name from the next statement on; earlier readers keep the earlier value', () => {
    const text = 'uint32_t a = 5u;\nauto b = a;\na += 3u;\nauto c = a;\na *= 2u;\nauto d = a;\na -= 6u;\nauto e = a;\na = 7u;\nauto f = a + 1u;';
    const v = values(text);
    assert.equal(v['auto b = a;'], '5');
    assert.equal(v['a += 3u;'], '8'); // 5 + 3
    assert.equal(v['auto c = a;'], '8');
    assert.equal(v['a *= 2u;'], '16'); // 8 · 2
    assert.equal(v['auto d = a;'], '16');
    assert.equal(v['auto e = a;'], '10'); // 16 − 6
    assert.equal(v['auto f = a + 1u;'], '8'); // 7 + 1
    assert.deepEqual(errors(text), []);
  });

  test('a Catlass coord: MatrixCoord += MatrixCoord adds row and column', () => {
    // (74+38, 5+61) = (112, 66)
    const v = values('Catlass::MatrixCoord p{74u, 5u};\nCatlass::MatrixCoord q{38u, 61u};\np += q;\nauto r = p.column();\nauto s = p;');
    assert.equal(v['auto r = p.column();'], '66');
    assert.equal(v['auto s = p;'], '(112,66)');
  });

  test('an unsigned name wraps as C++ converts: 5u − 10u is 2^32 − 5', () => {
    assert.equal(values('uint32_t a = 5u;\na -= 10u;\nauto b = a;')['auto b = a;'], '4294967291');
  });

  test('a name declared once, assigned twice, is declared once (no duplicate), and `auto a` again still is one', () => {
    assert.deepEqual(errors('auto a = 1;\na += 2;\na = 3;'), []);
    assert.deepEqual(
      errors('auto a = 1;\nauto a = 2;').map((e) => e.split(':')[0]),
      ['duplicate-declaration'],
    );
  });

  test('what C++ rejects: += on an undeclared name, assigning another kind, assigning a compile-time Int<N>', () => {
    assert.match(errors('z += 1;').join('\n'), /unknown-name/);
    assert.match(errors('auto a = 1;\na = MakeShape(2, 3);').join('\n'), /argument-kind: cannot assign a tuple to 'a'/);
    assert.match(errors('auto s = _4;\ns += 1;').join('\n'), /compile-time Int<4>/);
  });

  test('the hover on each statement shows the value at that point', () => {
    const text = 'uint32_t a = 5u;\nauto b = $0a;\na += 3u;\nauto c = a;';
    checkHover(text, ['**a**\n\n`5` — integer']); // read before the assignment
    checkHover(text.replace('$0', '').replace('a +=', '$0a +='), ['**a**\n\n`8` — integer']); // the assignment's own value: 5 + 3
    checkHover(text.replace('$0', '').replace('c = a', 'c = $0a'), ['**a**\n\n`8` — integer']); // read after it
  });

  test('references, rename and go to definition treat the assignments as writes of the same name', () => {
    const marked = 'uint32_t [|a|] = 5u;\nauto b = [|a|];\n[|a|] += 3u;\n[|$0a|] = [|a|] * 2u;\nauto c = [|a|];';
    checkReferences(marked);
    checkRename(marked, 'x', 'edits');
    checkDefinition('uint32_t [|a|] = 5u;\na += 3u;\nauto c = $0a;');
    checkDefinition('uint32_t [|a|] = 5u;\n$0a += 3u;');
  });

  test('the outline lists the declaration only; an assignment is no declaration token', () => {
    const doc = analysedDocument('uint32_t a = 5u;\na += 3u;');
    assert.deepEqual(
      symbols(doc.analysis).map((s) => s.name),
      ['a'],
    );
    const at = doc.text.indexOf('a +=');
    const own = semanticTokensOf(doc.analysis).filter((t) => t.start === at);
    assert.deepEqual(
      own.map((t) => `${t.type}:${t.modifiers.join(',')}`),
      ['variable:'],
    );
  });

  test('an edit of the declaration reaches every assignment after it (incremental = fresh)', () => {
    const analyzer = new Analyzer();
    const before = 'uint32_t a = 5u;\na += 3u;\nauto c = a;\na *= 2u;\nauto d = a;';
    analyzer.analyze(before);
    const after = before.replace('5u', '6u');
    const a = analyzer.analyze(after);
    const d = a.statements.find((s) => s.chunk.text.startsWith('auto d'))!;
    assert.equal(printValue(d.result!.value!), '18'); // (6 + 3) · 2
    const c = a.statements.find((s) => s.chunk.text.startsWith('auto c'))!;
    assert.equal(printValue(c.result!.value!), '9');
  });
});
