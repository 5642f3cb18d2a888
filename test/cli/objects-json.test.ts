// `tla-layout eval --json` prints the v3 notation of the goldens README: a layout object's
// `class`, `shape`, `stride` (and `orgShape` for the classes with ORG_SHAPE_RANK), a coord as
// `(v0,v1)` in `text`. Expected values: the v3 goldens layout_class-v3-52 and coord-v3-50, and
// hand arithmetic in comments.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers';

const cli = path.join(ROOT, 'dist', 'cli.js');
const tmp = mkdtempSync(path.join(tmpdir(), 'tla-cli-objects-'));

const TEXT = [
  'using namespace tla;',
  'using namespace Catlass;',
  'auto n = layout::nZ::MakeLayout<half>(3245u, 48u);', // layout_class-v3-52
  'layout::RowMajor a{6u, 10u};',
  'MatrixCoord blockOffset{72U, 943u};', // coord-v3-50
  'MatrixCoord subblockOffset{136u, 153U};',
  'auto p = blockOffset * subblockOffset;',
  'auto o = a.GetOffset(MatrixCoord{2u, 3u});', // 2 * 10 + 3
].join('\n');

test('eval --json: layout objects and coords in the v3 notation', () => {
  const f = path.join(tmp, 'objects.tla');
  writeFileSync(f, TEXT);
  const r = spawnSync(process.execPath, [cli, 'eval', f, '--json'], { encoding: 'utf8', cwd: ROOT });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const j = JSON.parse(r.stdout) as { statements: { name: string | null; value: Record<string, string> | null }[] };
  const v = (name: string) => j.statements.find((s) => s.name === name)!.value!;
  assert.deepEqual(
    { class: v('n').class, shape: v('n').shape, stride: v('n').stride, orgShape: v('n').orgShape },
    { class: 'nZ', shape: '(16,203,16,3)', stride: '(1,768,16,256)', orgShape: '(3245,48)' },
  );
  assert.equal(v('a').class, 'RowMajor');
  assert.equal(v('a').stride, '(10,1)');
  assert.equal('orgShape' in v('a'), false); // RowMajor has no ORG_SHAPE_RANK
  assert.equal(v('p').text, '(9792,144279)');
  assert.equal(v('o').text, '23');
});
