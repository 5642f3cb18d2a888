// Which branches of a file's #if chains the compiler reads, as far as the file says (cpp/conditionals.ts).
// Expected states by the C preprocessor's rules, worked by hand in the comments.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { preprocessorBranches } from '../../server/src/language/cpp/conditionals';
import { printValue } from '../../server/src/language';
import { cppDoc } from './cppTestKit';

/** Each listed branch as "its first body line: state[ defaultOf]". */
function states(lines: string[], given?: ReadonlyMap<string, bigint>): string[] {
  const text = lines.join('\n');
  return preprocessorBranches(text, given).map((b) => {
    const body = text.slice(b.start, b.end).trim().split('\n')[0];
    return `${body}: ${b.state}${b.defaultOf ? ' ' + b.defaultOf : ''}`;
  });
}

test('a condition the file decides: #if 0, a macro it defines, #undef, the device build (__CCE__)', () => {
  assert.deepEqual(states(['#if 0', 'A', '#else', 'B', '#endif']), ['A: dead']);
  // MODE is 1: `MODE == 0` is false, the #else is read
  assert.deepEqual(states(['#define MODE 1', '#if MODE == 0', 'A', '#else', 'B', '#endif']), ['A: dead']);
  // #elif chains: the first true one is read, the rest are dead
  assert.deepEqual(states(['#define N 2', '#if N == 1', 'A', '#elif N == 2', 'B', '#else', 'C', '#endif']), ['A: dead', 'C: dead']);
  // after #undef X, defined(X) is 0
  assert.deepEqual(states(['#define X 1', '#undef X', '#if defined(X)', 'A', '#endif']), ['A: dead']);
  // the device compiler defines __CCE__: its #else is never read
  assert.deepEqual(states(['#ifdef __CCE__', 'A', '#else', 'B', '#endif']), ['B: dead']);
  // a certain 0 decides &&, a certain 1 decides ||, whatever the build defines
  assert.deepEqual(states(['#if defined(FOO) && 0', 'A', '#else', 'B', '#endif']), ['A: dead']);
  assert.deepEqual(states(['#if defined(FOO) || 1', 'A', '#else', 'B', '#endif']), ['B: dead']);
  // inside a dead branch everything is dead
  assert.deepEqual(states(['#if 0', '#if X', 'A', '#else', 'B', '#endif', 'C', '#endif']), ['#if X: dead', 'A: dead', 'B: dead']);
});

test("a configuration macro's default decides a chain only under that default", () => {
  // #ifndef MODE #define MODE 0: MODE is 0 unless the build defines it; `MODE == 0` holds by default
  assert.deepEqual(states(['#ifndef MODE', '#define MODE 0', '#endif', '#if MODE == 0', 'A', '#else', 'B', '#endif']), [
    'A: default MODE',
    'B: open MODE',
  ]);
  // the default makes the first false: the #else is the default branch
  assert.deepEqual(states(['#ifndef MODE', '#define MODE 1', '#endif', '#if MODE == 0', 'A', '#else', 'B', '#endif']), [
    'A: open MODE',
    'B: default MODE',
  ]);
});

test('what the build decides is open when the chain has another branch; a lone #ifndef guard is read as before', () => {
  assert.deepEqual(states(['#if CATLASS_ARCH == 3510', 'A', '#else', 'B', '#endif']), ['A: open', 'B: open']);
  // the arch given (a file that compiles only at 3510): decided
  assert.deepEqual(states(['#if CATLASS_ARCH == 3510', 'A', '#else', 'B', '#endif'], new Map([['CATLASS_ARCH', 3510n]])), ['B: dead']);
  assert.deepEqual(states(['#ifndef GUARD_H', '#define GUARD_H', 'X', '#endif']), []);
  assert.deepEqual(states(['#ifdef FEATURE', 'X', '#endif']), []);
});

test('a kernel file: no value from a dead branch; a branch the build decides holds only inside itself', () => {
  const src = [
    '#include "tla/layout.hpp"',
    '#if CATLASS_ARCH == 3510',
    'constexpr uint32_t N = 64;',
    'auto in3510 = tla::MakeLayout(tla::MakeShape(tla::Int<N>{}), tla::MakeStride(tla::Int<1>{}));',
    '#else',
    'constexpr uint32_t N = 32;',
    'auto in2201 = tla::MakeLayout(tla::MakeShape(tla::Int<N>{}), tla::MakeStride(tla::Int<1>{}));',
    '#endif',
    '#if 0',
    'constexpr uint32_t K = 8;',
    '#else',
    'constexpr uint32_t K = 16;',
    '#endif',
    'void f() {',
    '  auto after = tla::MakeLayout(tla::MakeShape(tla::Int<K>{}, tla::Int<N>{}), tla::MakeStride(tla::Int<1>{}, tla::Int<1>{}));',
    '  auto onlyK = tla::MakeLayout(tla::MakeShape(tla::Int<K>{}), tla::MakeStride(tla::Int<1>{}));',
    '}',
  ].join('\n');
  const d = cppDoc(src);
  const valueOf = (name: string) => {
    const at = src.indexOf('tla::MakeLayout', src.indexOf(`auto ${name} =`));
    const s = d.analysis.statements.find((x) => d.analysis.startOf(x) <= at && at < d.analysis.endOf(x));
    return s?.result?.value ? printValue(s.result.value) : null;
  };
  // each branch reads its own N (a static 64 or 32, stride _1)
  assert.equal(valueOf('in3510'), '(_64):(_1):(64)');
  assert.equal(valueOf('in2201'), '(_32):(_1):(32)');
  // after the chain N is 64 or 32 as the build decides: not known (it was the last branch's 32)
  assert.equal(valueOf('after'), null);
  // `#if 0` is never compiled: K is 16
  assert.equal(valueOf('onlyK'), '(_16):(_1):(16)');
});
