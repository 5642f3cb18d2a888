// The TextMate grammar tests (vscode-tmgrammar-test assertions + language configuration
// checks + every golden expression tokenised), run by test/grammar/run.sh.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers';

test('TextMate grammar and language configuration', () => {
  const r = spawnSync('bash', [path.join(ROOT, 'test/grammar/run.sh')], { cwd: ROOT, encoding: 'utf8', timeout: 400_000 });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
});
