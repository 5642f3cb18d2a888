// Where the layout view opens (issue 24, firstday7: reopened, it landed in a third editor group).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { viewColumnFor } from '../../shared/viewColumn';

test('one group: a new group beside it (null: ViewColumn.Beside)', () => {
  assert.equal(viewColumnFor(1, undefined, [1]), null);
  // the view was in group 2, closed with it: beside again
  assert.equal(viewColumnFor(1, 2, [1]), null);
});

test('reopened while its group is still open (a scratchpad there): that group, not a third', () => {
  assert.equal(viewColumnFor(1, 2, [1, 2]), 2);
  // asked from the scratchpad's group itself, where the view was: the group beside, still no third
  assert.equal(viewColumnFor(2, 2, [1, 2]), 1);
});

test('first shown, another group open: the nearest other group', () => {
  assert.equal(viewColumnFor(1, undefined, [1, 2, 3]), 2);
  assert.equal(viewColumnFor(3, undefined, [1, 2, 3]), 2);
  // 2 is as near as 4 to 3: the one to the right, as Beside would be
  assert.equal(viewColumnFor(3, undefined, [2, 3, 4]), 4);
});
