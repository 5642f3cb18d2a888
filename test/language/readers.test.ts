// The walk's queue of dirty names (analysis/readers.ts DirtyNames) against the definition it
// replaces: the first statement at or after `from` that reads a dirty name or whose reads are
// not recorded, else `end` — computed here by looking at every statement's reads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { DirtyNames, ReadersIndex } from '../../server/src/language/analysis/readers';

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
type Reads = (readonly [string, undefined])[] | null | undefined;

const reads: fc.Arbitrary<Reads> = fc.oneof(
  { weight: 8, arbitrary: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 3 }).map((ns) => ns.map((n) => [n, undefined] as const)) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** One step of the walk: names made dirty or clean, then a statement analysed again (its reads replaced), then a jump. */
const step = fc.record({
  add: fc.subarray(NAMES),
  remove: fc.subarray(NAMES),
  reread: fc.option(reads),
  advance: fc.nat({ max: 6 }),
  end: fc.nat({ max: 10 }),
});

test('the queue of dirty names answers as a look at every statement after `from` does', () => {
  fc.assert(
    fc.property(fc.array(reads, { minLength: 1, maxLength: 40 }), fc.array(step, { maxLength: 30 }), (initial, steps) => {
      const statements = initial.map((r) => ({ reads: r }));
      const index = ReadersIndex.of(statements);
      const dirty = new DirtyNames(index);
      let from = 0;
      for (const s of steps) {
        for (const n of s.add) dirty.add(n);
        for (const n of s.remove) dirty.delete(n);
        const end = Math.min(statements.length, from + s.end);
        let expected = end;
        for (let i = from; i < end; i++) {
          const r = statements[i].reads;
          if (r === null || (r && r.some(([n]) => dirty.has(n)))) {
            expected = i;
            break;
          }
        }
        assert.equal(dirty.next(from, end), expected);
        // the walk analyses the statement it is at again (its reads may change), then goes on
        if (from < statements.length && s.reread !== null) {
          index.replace(from, statements[from].reads, s.reread);
          statements[from] = { reads: s.reread };
        }
        from = Math.min(statements.length, from + 1 + s.advance);
      }
    }),
    { numRuns: 500 },
  );
});
