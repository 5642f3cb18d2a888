// The core's overflow and mode-path errors: the operation's text is made only when the check
// fails, and crd2offset's mode path is the one of the failing mode (worked out by hand).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as core from '../../server/src/core';
import { LayoutError } from '../../server/src/core';

const A = core.arith;
const I = (v: bigint | number) => core.int(v);
const MAX = (1n << 63n) - 1n;
const MIN = -(1n << 63n);

function throwsWith(f: () => unknown, code: string, message: string, path?: number[]) {
  assert.throws(f, (e: unknown) => {
    assert.ok(e instanceof LayoutError);
    assert.equal(e.code, code);
    assert.equal(e.message, message);
    if (path) assert.deepEqual(e.details.path, path);
    return true;
  });
}

test('int64 overflow: the message names the operation and its value', () => {
  throwsWith(() => A.add(I(MAX), I(1)), 'overflow', `${MAX} + 1 = ${MAX + 1n} does not fit in int64 (C++ would overflow)`);
  throwsWith(() => A.sub(I(MIN), I(1)), 'overflow', `${MIN} - 1 = ${MIN - 1n} does not fit in int64 (C++ would overflow)`);
  throwsWith(() => A.mul(I(1n << 62n), I(2)), 'overflow', `${1n << 62n} * 2 = ${1n << 63n} does not fit in int64 (C++ would overflow)`);
  throwsWith(() => A.div(I(MIN), I(-1)), 'overflow', `${MIN} / -1 = ${1n << 63n} does not fit in int64 (C++ would overflow)`);
  throwsWith(() => A.neg(I(MIN)), 'overflow', `-${MIN} = ${1n << 63n} does not fit in int64 (C++ would overflow)`);
  // (MIN + (-1) - 1) / -1 = 2^63 + 2
  throwsWith(() => A.ceilDiv(I(MIN), I(-1)), 'overflow', `CeilDiv(${MIN}, -1) = ${(1n << 63n) + 2n} does not fit in int64 (C++ would overflow)`);
});

test('no overflow at the bounds', () => {
  assert.equal(A.add(I(MAX - 1n), I(1)).value, MAX);
  assert.equal(A.sub(I(MIN + 1n), I(1)).value, MIN);
  assert.equal(A.neg(I(MIN + 1n)).value, MAX);
  assert.equal(A.roundUp(I(10), I(4)).value, 12n);
});

test("crd2offset's errors name the mode path of the failing mode, and a good call after them is unaffected", () => {
  const t = (...xs: core.IntTuple[]) => core.tuple(...xs);
  // shape ((2,3),4), stride ((1,2),6); coord ((1,2,0),1): mode <0> has rank 2, the coord's rank 3
  const shape = t(t(I(2), I(3)), I(4));
  const stride = t(t(I(1), I(2)), I(6));
  throwsWith(
    () => core.crd2offset(t(t(I(1), I(2), I(0)), I(1)), shape, stride),
    'rank-mismatch',
    'coord rank 3 differs from shape rank 2 at mode <0>',
    [0],
  );
  // coord (1,(0,1)): mode <1> is an integer shape, the coord a tuple there
  assert.throws(
    () => core.crd2offset(t(I(1), t(I(0), I(1))), shape, stride),
    (e: unknown) => e instanceof LayoutError && e.code === 'depth-mismatch' && JSON.stringify(e.details.path) === '[1]',
  );
  // (1,2) over (2,3) with strides (1,2): 1 + 4 = 5; plus 3 * 6 = 18: 23
  assert.equal(core.crd2offset(t(t(I(1), I(2)), I(3)), shape, stride).value, 23n);
  // the integer 5 over (2,3): (1,2) → 1 + 4
  assert.equal(core.crd2offset(t(I(5), I(0)), shape, stride).value, 5n);
});

test('a LayoutError records no stack frames (it is an answer, made on the normal path)', () => {
  const e = new LayoutError('overflow', 'x');
  assert.equal(e.stack?.split('\n').length, 1);
  assert.ok(e instanceof Error);
});
