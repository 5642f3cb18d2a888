// The goldens the tests read are a copy of ../shared/golden kept in the tree; the copy must not drift.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GOLDEN_DIR, SHARED_DIR } from '../helpers';

const shared = path.join(SHARED_DIR, 'golden');

test(
  'test/fixtures/golden equals ../shared/golden',
  { skip: existsSync(shared) ? false : `skipped: ${shared} is absent (a bare clone); CI has it` },
  () => {
    const theirs = readdirSync(shared).sort();
    const ours = readdirSync(GOLDEN_DIR).sort();
    assert.deepEqual(ours, theirs, 'the same files');
    for (const f of theirs) {
      assert.ok(
        readFileSync(path.join(GOLDEN_DIR, f)).equals(readFileSync(path.join(shared, f))),
        `${f} differs from ../shared/golden/${f}: copy it again, never edit it`,
      );
    }
  },
);
