// Symbolic integers in the core: exact canonical text for the tag constructors with
// unknown rows/cols (derived by hand from tla-semantics.md's table), simplification
// cases, and properties: evaluating a symbolic result agrees with the concrete arith.ts
// result for random non-negative substitutions.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import * as core from '../../server/src/core';
import { IntTuple, IntValue, Layout, LayoutError } from '../../server/src/core';

const A = core.arith;
const S = core.symbolic;
const m = core.symbolicInt('m');
const k = core.symbolicInt('k');
const x = core.symbolicInt('x');
const n = (v: number | bigint) => core.int(v); // dynamic
const s = (v: number) => core.staticInt(v); // static
const p = (v: IntTuple) => core.printIntTuple(v);
const tag = (el: string, t: string, r: IntValue, c: IntValue) => core.printLayout(core.makeLayoutFromTag(el, t, r, c));

describe('symbolic tag constructors print exactly', () => {
  test('zN of half with (m, k): RoundUp(m,16)·16 is ⌈m/16⌉·256', () => {
    assert.equal(tag('half', 'zN', m, k), '((_16,⌈m/16⌉),(_16,⌈k/16⌉)):((_16,_256),(_1,⌈m/16⌉·256)):(m,k)');
  });
  test('zN of float and int8_t (C0 = 8 / 32, F = 128 / 512)', () => {
    assert.equal(tag('float', 'zN', m, k), '((_16,⌈m/16⌉),(_8,⌈k/8⌉)):((_8,_128),(_1,⌈m/16⌉·128)):(m,k)');
    assert.equal(tag('int8_t', 'zN', m, k), '((_16,⌈m/16⌉),(_32,⌈k/32⌉)):((_32,_512),(_1,⌈m/16⌉·512)):(m,k)');
  });
  test('zZ', () => {
    assert.equal(tag('half', 'zZ', m, k), '((_16,⌈m/16⌉),(_16,⌈k/16⌉)):((_16,⌈k/16⌉·256),(_1,_256)):(m,k)');
    assert.equal(tag('float', 'zZ', m, k), '((_16,⌈m/16⌉),(_8,⌈k/8⌉)):((_8,⌈k/8⌉·128),(_1,_128)):(m,k)');
  });
  test('nZ', () => {
    assert.equal(tag('half', 'nZ', m, k), '((_16,⌈m/16⌉),(_16,⌈k/16⌉)):((_1,⌈k/16⌉·256),(_16,_256)):(m,k)');
    assert.equal(tag('float', 'nZ', m, k), '((_8,⌈m/8⌉),(_16,⌈k/16⌉)):((_1,⌈k/16⌉·128),(_8,_128)):(m,k)');
  });
  test('L0C (tag and MakeLayoutL0C), whatever the element', () => {
    const want = '((_16,⌈m/16⌉),(_16,⌈k/16⌉)):((_16,_256),(_1,⌈m/16⌉·256)):(m,k)';
    assert.equal(tag('float', 'L0C', m, k), want);
    assert.equal(tag('int8_t', 'L0C', m, k), want);
    assert.equal(core.printLayout(core.makeLayoutL0C(m, k)), want);
  });
  test('RowMajor, ColumnMajor, VectorLayout', () => {
    assert.equal(tag('half', 'RowMajor', m, k), '(m,k):(k,_1):(m,k)');
    assert.equal(tag('half', 'ColumnMajor', m, k), '(m,k):(_1,m):(m,k)');
    assert.equal(tag('half', 'VectorLayout', m, k), '(k):(_1):(k)');
  });
  test('qualified names print as written', () => {
    const pm = core.symbolicInt('params.m');
    const tk = core.symbolicInt('L1TileShape::K');
    assert.equal(tag('half', 'RowMajor', pm, tk), '(params.m,L1TileShape::K):(L1TileShape::K,_1):(params.m,L1TileShape::K)');
    assert.equal(
      tag('half', 'zN', pm, tk),
      '((_16,⌈params.m/16⌉),(_16,⌈L1TileShape::K/16⌉)):((_16,_256),(_1,⌈params.m/16⌉·256)):(params.m,L1TileShape::K)',
    );
  });
  test('mixed concrete and symbolic arguments', () => {
    assert.equal(tag('half', 'zN', m, n(256)), '((_16,⌈m/16⌉),(_16,16)):((_16,_256),(_1,⌈m/16⌉·256)):(m,256)');
    // a static rows stays static in the shape; the stride is dynamic (the C++ casts to int64)
    assert.equal(tag('half', 'zN', s(128), k), '((_16,_8),(_16,⌈k/16⌉)):((_16,_256),(_1,2048)):(_128,k)');
  });
  test('an expression as rows simplifies through the constructor', () => {
    const rows = A.mul(m, s(16)); // m·16
    assert.equal(tag('half', 'zN', rows, k), '((_16,m),(_16,⌈k/16⌉)):((_16,_256),(_1,m·256)):(m·16,k)');
    assert.equal(tag('half', 'RowMajor', A.add(m, n(1)), k), '(m+1,k):(k,_1):(m+1,k)');
  });
  test("MakeLayout(shape, stride): originShape is each mode's symbolic product", () => {
    const l = core.makeLayout(core.tuple(m, k), core.tuple(k, s(1)));
    assert.equal(core.printLayout(l), '(m,k):(k,_1):(m,k)');
    const zn = core.makeLayoutFromTag('half', 'zN', m, k);
    assert.equal(p(core.makeLayout(zn.shape, zn.stride).originShape), '(⌈m/16⌉·16,⌈k/16⌉·16)');
    assert.equal(p(core.makeVectorLayout(m).shape), '(m)');
  });
  test('Fmap and Filter with symbolic extents', () => {
    const h = core.symbolicInt('h');
    const w = core.symbolicInt('w');
    assert.equal(core.printLayout(core.makeLayoutFmap('half', n(1), n(4), h, w)), '(1,4,h,w,_16):(h·w·64,h·w·16,w·16,_16,_1):(1,4,h,w,16)');
    assert.equal(
      core.printLayout(core.makeLayoutFilter('half', 'PositionL1', n(2), n(3), n(3), m)),
      '(2,3,3,⌈m/16⌉·16,_16):(⌈m/16⌉·2304,⌈m/16⌉·768,⌈m/16⌉·256,_16,_1):(2,3,3,⌈m/16⌉·16,16)',
    );
  });
  test('size, cosize and recognise of a symbolic layout', () => {
    const zn = core.makeLayoutFromTag('half', 'zN', m, k);
    assert.equal(p(core.size(zn)), '⌈k/16⌉·⌈m/16⌉·256');
    assert.equal(core.knownCosize(zn), undefined);
    assert.throws(
      () => core.cosize(zn),
      (e: unknown) => e instanceof LayoutError && e.code === 'argument-kind',
    );
    assert.deepEqual(core.recognise(zn), []);
    // concrete layouts unchanged
    const c = core.makeLayoutFromTag('half', 'zN', n(100), n(100));
    assert.equal(core.knownCosize(c), core.cosize(c));
    assert.ok(core.recognise(c).some((r) => r.tag === 'zN'));
  });
});

describe('GetTileLayout and crd2offset with symbolic values', () => {
  const zn = core.makeLayoutFromTag('half', 'zN', m, k);
  test('a concrete tile and coord on a symbolic zN: originShape is min(max(origin - coord, 0), tile)', () => {
    const t = core.getTileLayout(zn, core.tuple(n(64), n(128)), core.tuple(n(128), n(256)));
    assert.equal(core.printLayout(t), '((_16,4),(_16,8)):((_16,_256),(_1,⌈m/16⌉·256)):(min(max(m-128,0),64),min(max(k-256,0),128))');
  });
  test('a static tile at the origin: the tile shape keeps its marks', () => {
    const t = core.getTileLayout(zn, core.tuple(s(32), s(16)), core.tuple(n(0), n(0)));
    assert.equal(core.printLayout(t), '((_16,2),(_16,1)):((_16,_256),(_1,⌈m/16⌉·256)):(min(m,32),min(k,16))');
  });
  test('a symbolic coord on a concrete RowMajor', () => {
    const i = core.symbolicInt('i');
    const j = core.symbolicInt('j');
    const rm = core.makeLayoutFromTag('half', 'RowMajor', n(100), n(200));
    const t = core.getTileLayout(rm, core.tuple(n(32), n(64)), core.tuple(i, j));
    assert.equal(core.printLayout(t), '(32,64):(200,_1):(min(max(100-i,0),32),min(max(200-j,0),64))');
  });
  test('a symbolic tile on a concrete zN', () => {
    const tm = core.symbolicInt('tm');
    const c = core.makeLayoutFromTag('half', 'zN', n(256), n(256));
    const t = core.getTileLayout(c, core.tuple(tm, n(64)), core.tuple(n(0), n(0)));
    assert.equal(core.printLayout(t), '((_16,⌈tm/16⌉),(_16,4)):((_16,_256),(_1,4096)):(min(tm,256),64)');
  });
  test('a tile whose origin folds to a constant is concrete', () => {
    const t = core.getTileLayout(core.makeLayoutFromTag('half', 'RowMajor', m, k), core.tuple(n(4), n(4)), core.tuple(m, k));
    assert.equal(p(t.originShape), '(0,0)');
    assert.equal(core.isSymbolic(t.originShape), false);
  });
  test('crd2offset: a coord on a symbolic zN', () => {
    // row 17 = (1, 1) in (16, ⌈m/16⌉), col 3 = (3, 0): 1·16 + 1·256 + 3·1
    assert.equal(p(core.layoutOffset(zn, core.tuple(n(17), n(3)))), '275');
    // col 35 = (3, 2): 3 + 2·⌈m/16⌉·256
    assert.equal(p(core.layoutOffset(zn, core.tuple(n(0), n(35)))), '⌈m/16⌉·512+3');
    const rm = core.makeLayoutFromTag('half', 'RowMajor', m, k);
    const i = core.symbolicInt('i');
    assert.equal(p(core.layoutOffset(rm, core.tuple(i, n(5)))), 'i·k+5');
    // an integer coord splits by the symbolic mode size
    assert.equal(p(core.layoutOffset(rm, n(7))), 'k·7-k·m·⌊7/m⌋+⌊7/m⌋');
  });
});

describe('simplification and canonical text', () => {
  test('⌈16·x/16⌉ = x, ⌈(m+16)/16⌉ = ⌈m/16⌉+1, gcd and nesting', () => {
    assert.equal(p(A.ceilDiv(A.mul(s(16), x), n(16))), 'x');
    assert.equal(p(A.ceilDiv(A.add(m, n(16)), n(16))), '⌈m/16⌉+1');
    assert.equal(p(A.ceilDiv(A.mul(m, n(2)), n(32))), '⌈m/16⌉');
    assert.equal(p(A.ceilDiv(A.ceilDiv(m, n(2)), n(8))), '⌈m/16⌉');
    assert.equal(p(A.div(A.div(m, n(4)), n(4))), '⌊m/16⌋');
    assert.equal(p(A.div(A.add(A.mul(m, n(16)), n(3)), n(16))), 'm');
    assert.equal(p(A.ceilDiv(A.add(A.mul(m, n(16)), n(3)), n(16))), 'm+1');
    assert.equal(p(A.ceilDiv(m, n(1))), 'm');
  });
  test('RoundUp(m, 16)·16 = ⌈m/16⌉·256; RoundUp of a multiple is itself', () => {
    assert.equal(p(A.mul(A.roundUp(m, n(16)), n(16))), '⌈m/16⌉·256');
    assert.equal(p(A.roundUp(A.mul(m, n(32)), n(16))), 'm·32');
  });
  test('x - x = 0 (a concrete dynamic 0), (x+1)·2 = x·2+2', () => {
    const zero = A.sub(x, x);
    assert.equal(core.isSymbolic(zero), false);
    assert.equal(zero.value, 0n);
    assert.equal(zero.isStatic, false);
    assert.equal(p(A.mul(A.add(x, n(1)), n(2))), 'x·2+2');
  });
  test('like terms, products, powers, differences', () => {
    assert.equal(p(A.add(A.mul(m, k), A.mul(k, m))), 'k·m·2');
    assert.equal(p(A.mul(A.add(m, k), A.sub(m, k))), 'm^2-k^2');
    assert.equal(p(A.sub(k, m)), 'k-m');
    assert.equal(p(A.sub(n(100), m)), '100-m');
    assert.equal(p(A.neg(A.add(m, k))), '-k-m');
    assert.equal(p(A.mul(m, A.ceilDiv(m, n(16)))), 'm·⌈m/16⌉');
    assert.equal(p(A.ceilDiv(A.add(m, k), n(16))), '⌈(k+m)/16⌉');
  });
  test('division and remainder', () => {
    assert.equal(p(A.div(m, k)), '⌊m/k⌋');
    assert.equal(p(A.div(m, A.mul(k, n(2)))), '⌊m/(k·2)⌋');
    assert.equal(p(A.mod(A.add(A.mul(m, n(16)), n(5)), n(16))), '5');
    assert.equal(p(A.mod(m, n(16))), 'm-⌊m/16⌋·16');
    assert.equal(p(A.mod(m, m)), '0');
    assert.equal(p(A.div(m, m)), '1');
    assert.equal(p(A.div(A.mul(m, n(6)), n(3))), 'm·2');
    // not provably non-negative: left alone (C++ truncation differs from the floor there)
    assert.equal(p(A.ceilDiv(A.mul(A.sub(m, k), n(16)), n(16))), '⌈(m·16-k·16)/16⌉');
  });
  test('min and max fold constants, equal operands and known signs', () => {
    assert.equal(p(A.min(m, m)), 'm');
    assert.equal(p(A.min(n(5), n(7))), '5');
    assert.equal(p(A.min(m, A.add(m, n(16)))), 'm');
    assert.equal(p(A.max(m, A.add(m, n(16)))), 'm+16');
    assert.equal(p(A.max(m, n(0))), 'm');
    assert.equal(p(A.min(m, n(16))), 'min(m,16)');
    assert.equal(p(A.min(n(16), m)), 'min(m,16)');
    assert.ok(core.equalValues(A.min(n(16), m), A.min(m, n(16))));
    assert.equal(p(A.max(A.sub(m, n(128)), n(0))), 'max(m-128,0)');
  });
  test('concrete operations stay exactly as before (no symbols, same checks)', () => {
    assert.equal(p(A.ceilDiv(s(100), s(16))), '_7');
    assert.throws(
      () => A.mul(n(1n << 62n), n(4)),
      (e: unknown) => e instanceof LayoutError && e.code === 'overflow',
    );
  });
  test('division by zero only for a concrete 0 divisor; symbolic values are not bounds-checked', () => {
    assert.throws(
      () => A.div(m, n(0)),
      (e: unknown) => e instanceof LayoutError && e.code === 'division-by-zero',
    );
    assert.throws(
      () => A.ceilDiv(m, s(0)),
      (e: unknown) => e instanceof LayoutError && e.code === 'division-by-zero',
    );
    assert.throws(
      () => A.mod(m, n(0)),
      (e: unknown) => e instanceof LayoutError && e.code === 'division-by-zero',
    );
    assert.throws(
      () => A.roundUp(m, n(0)),
      (e: unknown) => e instanceof LayoutError && e.code === 'division-by-zero',
    );
    assert.equal(p(A.div(n(5), m)), '⌊5/m⌋');
    assert.equal(p(A.mul(m, n(1n << 62n))), `m·${1n << 62n}`);
    assert.equal(p(A.mul(A.mul(m, n(1n << 62n)), n(1n << 62n))), `m·${1n << 124n}`);
  });
  test('static marks: a static symbol stays static with statics, never printed with _', () => {
    const M = core.symbolicInt('M', true);
    const r = A.mul(M, s(2));
    assert.equal(r.isStatic, true);
    assert.equal(p(r), 'M·2');
    assert.equal(A.mul(M, n(2)).isStatic, false);
    assert.equal(A.cast(r).isStatic, false);
    assert.equal(p(A.sub(M, M)), '_0');
  });
  test('IntValue integration: no value, concreteValue throws, equality is structural, spreading does not throw', () => {
    // a symbolic integer has no value: a plain undefined field, no getter that throws
    assert.equal(m.value, undefined);
    assert.equal(Object.getOwnPropertyDescriptor(m, 'value')?.get, undefined);
    assert.equal(core.isConcreteInt(m), false);
    assert.ok(core.isConcreteInt(n(3)));
    // where a number is required, concreteValue fails as reading the value used to
    assert.throws(
      () => core.concreteValue(m),
      (e: unknown) =>
        e instanceof LayoutError && e.code === 'argument-kind' && e.message === 'm is not a compile-time constant; its value is unknown here',
    );
    assert.equal(core.concreteValue(n(3)), 3n);
    // every integer has the same four fields in the same order (one object shape)
    assert.deepEqual(Object.keys(m), ['kind', 'value', 'isStatic', 'sym']);
    assert.deepEqual(Object.keys(n(3)), ['kind', 'value', 'isStatic', 'sym']);
    assert.deepEqual(Object.keys(s(3)), ['kind', 'value', 'isStatic', 'sym']);
    assert.ok(core.isSymbolicInt(m) && !core.isSymbolicInt(n(3)));
    assert.ok(core.isSymbolic(core.tuple(n(1), core.tuple(n(2), m))));
    assert.ok(!core.isSymbolic(core.tuple(n(1), core.tuple(n(2), s(3)))));
    assert.ok(core.equalValues(A.add(m, k), A.add(k, m)));
    assert.ok(core.identical(core.tuple(A.add(m, k)), core.tuple(A.add(k, m))));
    assert.ok(!core.identical(core.symbolicInt('M', true), core.symbolicInt('M')));
    assert.ok(!core.equalValues(m, k));
    assert.ok(!core.equalValues(m, n(0)));
    assert.doesNotThrow(() => ({ ...m }));
    assert.equal(p(core.substitute(core.tuple(A.ceilDiv(m, s(16)), s(4)), new Map([['m', 100n]]))), '(7,_4)');
    assert.ok(core.symbolic.equals(core.symOf(n(5)), core.symbolic.constant(5)));
    assert.deepEqual([...core.symbolic.variables(core.symOf(A.min(m, A.ceilDiv(k, x))))].sort(), ['k', 'm', 'x']);
  });
  test('symbolic.substitute re-simplifies; evaluate uses C++ semantics', () => {
    const e = core.symOf(A.add(A.ceilDiv(m, n(16)), k));
    assert.equal(S.print(S.substitute(e, new Map([['m', S.mul(S.variable('t'), S.constant(16))]]))), 'k+t');
    const neg7 = S.sub(S.constant(0), S.variable('a'));
    // CeilDiv(-7, 2) = (-7 + 1) / 2 = -3 and -7 / 2 = -3 (truncation)
    assert.equal(
      S.evaluate(
        S.ceilDiv(neg7, S.variable('b')),
        new Map([
          ['a', 7n],
          ['b', 2n],
        ]),
      ),
      -3n,
    );
    assert.equal(
      S.evaluate(
        S.div(neg7, S.variable('b')),
        new Map([
          ['a', 7n],
          ['b', 2n],
        ]),
      ),
      -3n,
    );
  });
});

// ---------------------------------------------------------------- properties

type Expr =
  | { op: 'var'; name: string }
  | { op: 'const'; v: number; st: boolean }
  | { op: 'neg'; a: Expr }
  | { op: 'add' | 'sub' | 'mul' | 'div' | 'mod' | 'ceilDiv' | 'roundUp' | 'min' | 'max'; a: Expr; b: Expr };

const VARS = ['x', 'y', 'z'];
const constArb = fc.record({ op: fc.constant('const' as const), v: fc.integer({ min: -4, max: 40 }), st: fc.boolean() });
const divisorConst = fc.record({ op: fc.constant('const' as const), v: fc.constantFrom(1, 2, 3, 4, 8, 16, 32, 5, 12), st: fc.boolean() });
const leafArb: fc.Arbitrary<Expr> = fc.oneof(
  fc.record({ op: fc.constant('var' as const), name: fc.constantFrom(...VARS) }),
  fc.record({ op: fc.constant('var' as const), name: fc.constantFrom(...VARS) }),
  constArb,
);
const { expr: exprArb } = fc.letrec<{ expr: Expr }>((tie) => ({
  expr: fc.oneof(
    { maxDepth: 4, depthSize: 'small' },
    leafArb,
    fc.record({
      op: fc.constantFrom('add' as const, 'sub' as const, 'mul' as const, 'min' as const, 'max' as const),
      a: tie('expr'),
      b: tie('expr'),
    }),
    fc.record({
      op: fc.constantFrom('div' as const, 'mod' as const, 'ceilDiv' as const, 'roundUp' as const),
      a: tie('expr'),
      b: fc.oneof(divisorConst, divisorConst, tie('expr')),
    }),
    fc.record({ op: fc.constant('neg' as const), a: tie('expr') }),
  ),
}));

function build(e: Expr, leaf: (name: string) => IntValue): IntValue {
  switch (e.op) {
    case 'var':
      return leaf(e.name);
    case 'const':
      return core.int(e.v, e.st);
    case 'neg':
      return A.neg(build(e.a, leaf));
    default:
      return A[e.op](build(e.a, leaf), build(e.b, leaf));
  }
}

const show = (e: Expr): string =>
  e.op === 'var'
    ? e.name
    : e.op === 'const'
      ? e.st
        ? `_${e.v}`
        : `${e.v}`
      : e.op === 'neg'
        ? `-(${show(e.a)})`
        : `${e.op}(${show(e.a)}, ${show(e.b)})`;

/** The result of f, or the LayoutError it throws. */
function attempt<T>(f: () => T): { ok: true; v: T } | { ok: false; e: LayoutError } {
  try {
    return { ok: true, v: f() };
  } catch (e) {
    if (e instanceof LayoutError) return { ok: false, e };
    throw e;
  }
}

const valueArb = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 100_000 })).map(BigInt);
const bindingsArb = (names: string[]) =>
  fc.tuple(...names.map(() => valueArb)).map((vs) => new Map(names.map((nm, i) => [nm, vs[i]] as [string, bigint])));

const symbolicLeaf = (name: string) => core.symbolicInt(name);

describe('symbolic results agree with concrete arithmetic (fast-check)', () => {
  test('random expressions over x, y, z: 1,000 expressions × 5 non-negative substitutions', () => {
    let compared = 0;
    let symbolicResults = 0;
    fc.assert(
      fc.property(exprArb, fc.array(bindingsArb(VARS), { minLength: 5, maxLength: 5 }), (e, substitutions) => {
        const sym = attempt(() => build(e, symbolicLeaf));
        if (sym.ok && core.isSymbolic(sym.v)) symbolicResults++;
        for (const b of substitutions) {
          const concrete = attempt(() => build(e, (nm) => core.int(b.get(nm)!)));
          if (!sym.ok) {
            // only a concrete 0 divisor stops the symbolic build, and then C++ fails too
            assert.equal(sym.e.code, 'division-by-zero', `${show(e)}: ${sym.e.message}`);
            assert.ok(!concrete.ok, `${show(e)}: symbolic failed (${sym.e.message}) but concrete gave a value`);
            continue;
          }
          if (!concrete.ok) continue; // division by zero or int64 overflow for these values
          const got = core.substitute(sym.v, b) as IntValue;
          const label = `${show(e)} = ${p(sym.v)} with ${[...b].map(([nm, v]) => `${nm}=${v}`).join(', ')}`;
          assert.equal(got.value, concrete.v.value, label);
          assert.equal(got.isStatic, concrete.v.isStatic, `${label}: static mark`);
          compared++;
        }
      }),
      { numRuns: 1000 },
    );
    assert.ok(compared > 2500, `only ${compared} substitutions compared`);
    assert.ok(symbolicResults > 500, `only ${symbolicResults} symbolic results`);
  });

  // Numerators built to exercise the division rules: terms whose coefficients the divisor
  // divides next to ones it does not, of both signs, over atoms of every kind.
  const V = (name: string): Expr => ({ op: 'var', name });
  const C = (v: number, st = false): Expr => ({ op: 'const', v, st });
  const ATOMS: Expr[] = [
    V('x'),
    V('y'),
    { op: 'mul', a: V('x'), b: V('y') },
    { op: 'ceilDiv', a: V('x'), b: C(4) },
    { op: 'div', a: V('y'), b: C(3) },
    { op: 'max', a: { op: 'sub', a: V('x'), b: V('y') }, b: C(-5) },
    { op: 'min', a: V('x'), b: { op: 'sub', a: V('y'), b: C(7) } },
    { op: 'max', a: { op: 'neg', a: V('x') }, b: { op: 'neg', a: V('y') } },
  ];
  const coefArb = fc.oneof(
    fc.integer({ min: -3, max: 3 }).map((c) => c * 16),
    fc.integer({ min: -40, max: 40 }),
  );
  const linearArb: fc.Arbitrary<Expr> = fc
    .tuple(fc.array(fc.tuple(coefArb, fc.constantFrom(...ATOMS)), { minLength: 1, maxLength: 3 }), fc.integer({ min: -40, max: 40 }))
    .map(([terms, c0]) => terms.reduce<Expr>((acc, [c, a]) => ({ op: 'add', a: acc, b: { op: 'mul', a: C(c), b: a } }), C(c0)));
  const divOp = fc.constantFrom('div' as const, 'ceilDiv' as const, 'mod' as const, 'roundUp' as const);
  const divisor = fc.constantFrom(1, 2, 3, 4, 12, 16, 32).map((v) => C(v));
  const divOf = (a: fc.Arbitrary<Expr>): fc.Arbitrary<Expr> => fc.record({ op: divOp, a, b: divisor });
  const targetedArb: fc.Arbitrary<Expr> = fc.oneof(
    divOf(linearArb),
    divOf(divOf(linearArb)),
    divOf(fc.record({ op: fc.constantFrom('add' as const, 'mul' as const), a: divOf(linearArb), b: linearArb })),
    fc.record({ op: fc.constantFrom('min' as const, 'max' as const), a: linearArb, b: linearArb }),
    fc.record({ op: fc.constantFrom('min' as const, 'max' as const), a: divOf(linearArb), b: linearArb }),
  );

  test('division, remainder and min/max of mixed-sign numerators: 1,000 expressions × 5 substitutions', () => {
    let compared = 0;
    fc.assert(
      fc.property(targetedArb, fc.array(bindingsArb(['x', 'y']), { minLength: 5, maxLength: 5 }), (e, substitutions) => {
        const sym = build(e, symbolicLeaf);
        for (const b of substitutions) {
          const concrete = attempt(() => build(e, (nm) => core.int(b.get(nm)!)));
          if (!concrete.ok) continue;
          const got = core.substitute(sym, b) as IntValue;
          assert.equal(got.value, concrete.v.value, `${show(e)} = ${p(sym)} with ${[...b].map(([nm, v]) => `${nm}=${v}`).join(', ')}`);
          compared++;
        }
      }),
      { numRuns: 1000 },
    );
    assert.ok(compared > 4500, `only ${compared} substitutions compared`);
  });

  const rowsArb = (v: string) =>
    fc
      .constantFrom<(t: IntValue) => IntValue>(
        (t) => t,
        (t) => A.mul(t, core.staticInt(16)),
        (t) => A.add(t, core.int(3)),
        (t) => A.ceilDiv(t, core.int(2)),
        () => core.int(48),
        () => core.staticInt(40),
      )
      .map((f) => ({ make: f, name: v }));

  const ELEMENTS = Object.keys(core.ELEMENT_BITS);
  // the fp4 types exist only on Ascend 950
  const archOf = (el: string) => (core.isFp4(el) ? 3510 : 2201);
  const concreteOf = (f: (t: IntValue) => IntValue, v: bigint) => f(core.int(v));

  test('tag constructors with symbolic rows/cols: every leaf substitutes to makeLayoutFromTag on the values', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ELEMENTS),
        fc.constantFrom(...core.LAYOUT_TAGS),
        rowsArb('r'),
        rowsArb('c'),
        bindingsArb(['r', 'c']),
        (el, t, rows, cols, b) => {
          const symL = core.makeLayoutFromTag(el, t, rows.make(core.symbolicInt('r')), cols.make(core.symbolicInt('c')), archOf(el));
          const conL = core.makeLayoutFromTag(el, t, concreteOf(rows.make, b.get('r')!), concreteOf(cols.make, b.get('c')!), archOf(el));
          for (const part of ['shape', 'stride', 'originShape'] as const) {
            assert.equal(p(core.substitute(symL[part], b)), p(conL[part]), `${el} ${t} ${part}: ${core.printLayout(symL)} with ${[...b]}`);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  test('GetTileLayout and crd2offset on symbolic layouts agree with the concrete ones', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ELEMENTS),
        fc.constantFrom('RowMajor', 'ColumnMajor', 'zN', 'nZ', 'zZ', 'L0C'),
        bindingsArb(['r', 'c', 'i', 'j']),
        fc.tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 }), fc.boolean()),
        fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 })),
        fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 100_000 })),
        (el, t, b, [tr, tc, st], [symCoord, ci, cj], [oi, oj, flat]) => {
          const symL = core.makeLayoutFromTag(el, t, core.symbolicInt('r'), core.symbolicInt('c'), archOf(el));
          const conL = core.makeLayoutFromTag(el, t, core.int(b.get('r')!), core.int(b.get('c')!), archOf(el));
          const tile = core.tuple(core.int(tr, st), core.int(tc, st));
          const symCrd = symCoord ? core.tuple(core.symbolicInt('i'), core.symbolicInt('j')) : core.tuple(core.int(ci), core.int(cj));
          const conCrd = symCoord ? core.tuple(core.int(b.get('i')!), core.int(b.get('j')!)) : core.tuple(core.int(ci), core.int(cj));
          const symT = core.getTileLayout(symL, tile, symCrd);
          const conT = core.getTileLayout(conL, tile, conCrd);
          for (const part of ['shape', 'stride', 'originShape'] as const) {
            assert.equal(p(core.substitute(symT[part], b)), p(conT[part]), `tile ${part}: ${core.printLayout(symT)} with ${[...b]}`);
          }
          // offsets: a (row, col) coordinate and a flat integer coordinate
          const rc = (l: Layout) => core.layoutOffset(l, core.tuple(core.int(oi), core.int(oj)));
          assert.equal(p(core.substitute(rc(symL), b)), p(rc(conL)), `offset (${oi},${oj}) of ${core.printLayout(symL)}`);
          const con = attempt(() => core.layoutOffset(conL, core.int(flat)));
          if (con.ok) {
            const sym = core.layoutOffset(symL, core.int(flat));
            assert.equal(p(core.substitute(sym, b)), p(con.v), `offset ${flat} of ${core.printLayout(symL)} with ${[...b]}`);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
