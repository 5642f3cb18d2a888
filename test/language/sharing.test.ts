// What a `.tla` analysis shares instead of keeping a copy per statement (issue 25, memory):
// a 10,000-statement document's analysis keeps every statement's record, tree and result, so
// what repeats across statements is one object. Identity is what these tests check; the
// values are the ones the incremental tests compare with a fresh analysis.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analyzer } from '../../server/src/language';

const TEXT = ['auto m = 64;', 'auto n = 32;', 'auto a = m + n;', 'auto b = m * 2;', 'auto c = MakeShape(m, n);', 'auto d = b + a;', ''].join('\n');

test('statements that read a name bound the same way share one reads pair', () => {
  const a = new Analyzer().analyze(TEXT);
  const readsOf = (i: number) => a.statements[i].reads!;
  // `a`, `b` and `c` all read m (bound by statement 0): by hand, the first read of each is m
  const pairs = [2, 3, 4].map((i) => readsOf(i).find(([name]) => name === 'm')!);
  assert.ok(pairs[0] && pairs[1] && pairs[2]);
  assert.equal(pairs[1], pairs[0]);
  assert.equal(pairs[2], pairs[0]);
  assert.ok(Object.isFrozen(pairs[0]), 'a shared pair is never changed');
  // and the binding it holds is m's declaration's
  assert.equal(pairs[0][1], a.declarations.get('m')!.binding);
});

test('an edit that binds m otherwise gives its readers a new pair, the others keep theirs', () => {
  const an = new Analyzer();
  const before = an.analyze(TEXT);
  const dBefore = before.statements[5].reads!.find(([name]) => name === 'b')!;
  const mBefore = before.statements[2].reads!.find(([name]) => name === 'm')!;
  const nBefore = before.statements[2].reads!.find(([name]) => name === 'n')!;
  const after = an.analyze(TEXT.replace('auto m = 64;', 'auto m = 65;'));
  const mAfter = after.statements[2].reads!.find(([name]) => name === 'm')!;
  assert.notEqual(mAfter, mBefore);
  assert.equal(mAfter[1], after.declarations.get('m')!.binding);
  assert.equal(
    after.statements[3].reads!.find(([name]) => name === 'm'),
    mAfter,
  );
  // n is bound as before: the same pair
  assert.equal(
    after.statements[2].reads!.find(([name]) => name === 'n'),
    nBefore,
  );
  // d reads a and b, both of which changed (m + n and m * 2 by hand: 97 and 130): new pairs too
  assert.notEqual(
    after.statements[5].reads!.find(([name]) => name === 'b'),
    dBefore,
  );
});

test("a result's empty lists are one shared frozen list", () => {
  const a = new Analyzer().analyze(TEXT);
  const r0 = a.statements[0].result!;
  const r1 = a.statements[1].result!;
  // `auto m = 64;` has no diagnostic and no tile (by hand)
  assert.equal(r0.diagnostics.length, 0);
  assert.equal(r0.diagnostics, r1.diagnostics);
  assert.equal(r0.tiles, r1.diagnostics);
  assert.ok(Object.isFrozen(r0.tiles));
});
