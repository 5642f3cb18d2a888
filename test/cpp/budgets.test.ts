// Buffer budgets of an instantiation (issue 21): a block's own static_asserts on its L1/L0 use and
// its event ids, evaluated under the instantiation, on the self-written block of
// test/fixtures/budgets (hand arithmetic in the comments), and on Catlass's example 13 when
// ../shared is present. Also the bit widths the device build takes from AscendC.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  Budget,
  HeaderIndex,
  budgetLine,
  budgetsMarkdown,
  budgetsOf,
  evaluateScratch,
  headerNameUnder,
  instantiationWarnings,
  instanceSectionsAt,
  outcomeFields,
} from '../../server/src/language';
import { resolveSite } from '../../server/src/templateInstances';
import { corpusSiteScratch } from './cppTestKit';
import { ROOT, SHARED_DIR } from '../helpers';

const INCLUDE = path.join(ROOT, 'test', 'fixtures', 'budgets', 'include');
const HEADER = path.join(INCLUDE, 'catlass', 'budget_block.hpp');
const KERNEL = path.join(ROOT, 'test', 'fixtures', 'budgets', 'kernel', 'budget_kernel.cpp');

function scratch(lines: string[], arch: 2201 | 3510 = 2201) {
  const index = new HeaderIndex();
  index.setFile(HEADER, readFileSync(HEADER, 'utf8'));
  return evaluateScratch(
    ['#include "catlass/budget_block.hpp"', 'using namespace Catlass;', ...lines].join('\n'),
    index,
    headerNameUnder(INCLUDE),
    arch,
    INCLUDE,
  );
}
const value = (lines: string[], arch: 2201 | 3510 = 2201) => {
  const o = scratch(lines, arch).resolved.get('r')?.outcome;
  return o && outcomeFields(o);
};
const POLICY = 'using Policy = Gemm::Budget::DemoPolicy<Arch::DemoArch>;';
const byName = (list: Budget[], name: string) => list.find((b) => b.name === name);

describe('the device build’s bit widths (AscendC::SizeOfBits)', () => {
  test('half through `using AscendC::SizeOfBits;`: L1A_TILE_SIZE = 128·256·16/8 = 65536', () => {
    assert.deepEqual(value([POLICY, 'using B = Gemm::Budget::DemoBlock<Policy, 128, 256, 256, half, half>;', 'auto r = B::L1A_TILE_SIZE;']), {
      text: '65536',
      value: '65536',
    });
  });
  test('int4b_t is 4 bits: 128·256·4/8 = 16384', () => {
    const lines = [POLICY, 'using B = Gemm::Budget::DemoBlock<Policy, 128, 256, 256, AscendC::int4b_t, half>;', 'auto r = B::L1A_TILE_SIZE;'];
    assert.deepEqual(value(lines), { text: '16384', value: '16384' });
  });
  test('at 3510 the header’s own `? size_t{4} :` (a brace initializer inside the member’s): fp4 is 4 bits, 16384', () => {
    const lines = [
      '#define CATLASS_ARCH 3510',
      POLICY,
      'using B = Gemm::Budget::DemoBlock<Policy, 128, 256, 256, float4_e2m1x2_t, half>;',
      'auto r = B::L1A_TILE_SIZE;',
    ];
    assert.deepEqual(value(lines, 3510), { text: '16384', value: '16384' });
  });
});

describe('buffer budgets of an instantiation', () => {
  test('a block that fits: L1 384 KiB of 512 KiB, L0A 32 KiB of 64 KiB, 4 of 8 event ids; M >= 16 is no budget', () => {
    const res = scratch([POLICY, 'using B = Gemm::Budget::DemoBlock<Policy, 128, 256, 256, half, half>;']);
    const list = budgetsOf(res, 'B');
    assert.deepEqual(
      list.map((b) => b.name),
      ['L1', 'L0A', 'L1 EVENT_ID'],
    );
    const l1 = byName(list, 'L1')!;
    // A: 128·256·2 = 65536 bytes ×2 stages; B: 256·256·2 = 131072 ×2; 131072 + 262144 = 393216 = 384 KiB ≤ 512·1024
    assert.equal(l1.used, 393216n);
    assert.equal(l1.capacity, 524288n);
    assert.equal(l1.pass, true);
    assert.deepEqual(l1.parts, [
      { label: 'A', size: 65536n, count: 2n },
      { label: 'B', size: 131072n, count: 2n },
    ]);
    assert.equal(l1.message, 'L1 tiles exceed the L1 buffer');
    assert.equal(l1.header, 'catlass/budget_block.hpp');
    assert.equal(budgetLine(l1), 'L1: 384 KiB of 512 KiB (A 64 KiB ×2, B 128 KiB ×2)');
    // L0A: 128·64·2 = 16384 ×2 = 32768 ≤ 65536
    assert.equal(budgetLine(byName(list, 'L0A')!), 'L0A: 32 KiB of 64 KiB');
    // no bias: the `!HAS_BIAS` case, 2 + 2 = 4 ≤ 8
    const ev = byName(list, 'L1 EVENT_ID')!;
    assert.deepEqual([ev.used, ev.capacity, ev.pass, ev.unit], [4n, 8n, true, 'ids']);
    assert.equal(budgetLine(ev), 'L1 EVENT_ID: 4 of 8 (A 2, B 2)');
  });
  test('a block that does not fit: L1 896 KiB of 512 KiB fails with the assert’s message; with a bias the event limit is 7', () => {
    const res = scratch(['using B = Gemm::Budget::DemoBlock<Gemm::Budget::DemoPolicy<Arch::DemoArch, 2, 3>, 128, 512, 256, half, half, true>;']);
    const list = budgetsOf(res, 'B');
    const l1 = byName(list, 'L1')!;
    // A: 65536 ×2 = 131072; B: 256·512·2 = 262144 ×3 = 786432; 917504 = 896 KiB > 524288
    assert.deepEqual([l1.used, l1.pass], [917504n, false]);
    assert.match(
      budgetLine(l1),
      /^L1: 896 KiB of 512 KiB \(A 64 KiB ×2, B 256 KiB ×3\) — exceeds: static_assert fails: L1 tiles exceed the L1 buffer$/,
    );
    // the budgets after the failing assert are still evaluated: HAS_BIAS, 2 + 3 = 5 ≤ 7
    const ev = byName(list, 'L1 EVENT_ID')!;
    assert.deepEqual([ev.used, ev.capacity, ev.pass], [5n, 7n, true]);
    // the hover section: one line a budget, the failing one marked, each with its assert
    const md = budgetsMarkdown(list)!.split('\n');
    assert.equal(md.length, 1 + list.length);
    assert.match(
      md[1],
      /^- ⚠ L1: 896 KiB of 512 KiB .* — `L1A_TILE_SIZE \* L1A_STAGES \+ L1B_TILE_SIZE \* L1B_STAGES <= ArchTag::L1_SIZE` \(catlass\/budget_block\.hpp:\d+\)$/,
    );
    assert.ok(
      md.slice(2).every((l) => !l.includes('⚠')),
      md.join('\n'),
    );
    assert.equal(budgetsMarkdown([]), undefined);
  });
  test('a capacity not known stays ‹?› (no pass or fail)', () => {
    const res = scratch(['using B = Gemm::Budget::DemoBlock<Gemm::Budget::DemoPolicy<Arch::PartialArch>, 128, 256, 256, half, half>;']);
    const l1 = byName(budgetsOf(res, 'B'), 'L1');
    assert.ok(l1);
    assert.equal(l1.capacity, undefined);
    assert.equal(l1.pass, undefined);
    // what is used is known: 393216 bytes (as above)
    assert.equal(budgetLine(l1), 'L1: 384 KiB of ‹?› (A 64 KiB ×2, B 128 KiB ×2)');
  });
  test('the failing site is a warning with the assert’s message, the fitting one is not', () => {
    const text = readFileSync(KERNEL, 'utf8');
    const index = new HeaderIndex();
    index.setFile(HEADER, readFileSync(HEADER, 'utf8'));
    const warnings = instantiationWarnings(text, index, INCLUDE, headerNameUnder(INCLUDE), () => undefined);
    assert.equal(warnings.length, 1, JSON.stringify(warnings));
    assert.match(text.slice(warnings[0].start, warnings[0].end), /^using WideBlock/);
    assert.match(warnings[0].message, /static_assert failed: L1 tiles exceed the L1 buffer \(catlass\/budget_block\.hpp:\d+\)/);
    assert.match(warnings[0].message, /L1: 896 KiB of 512 KiB/);
  });
});

describe('the budgets in the hover of the template', () => {
  test('on the class’s name line under its instantiation: the budgets section, then which instantiation; inside the body: not', () => {
    const index = new HeaderIndex();
    const headerText = readFileSync(HEADER, 'utf8');
    index.setFile(HEADER, headerText);
    const site = { file: KERNEL, line: 8, alias: 'FitBlock', template: 'DemoBlock' };
    const o = resolveSite(site, readFileSync(KERNEL, 'utf8'), HEADER, { index, root: INCLUDE });
    assert.ok(typeof o === 'object', String(o));
    const where = { where: 'kernel/budget_kernel.cpp:8', selected: o.here.selected };
    const view = {
      mode: 'only' as const,
      template: 'DemoBlock',
      start: o.here.start,
      end: o.here.end,
      site: where,
      sites: [where],
      members: o.here.members,
      differing: new Map(),
      budgets: o.here.budgets,
    };
    const nameAt = headerText.indexOf('struct DemoBlock') + 'struct '.length;
    const sections = instanceSectionsAt(view, headerText, nameAt);
    assert.deepEqual(
      sections.map((s) => s.kind),
      ['budgets', 'instantiation'],
    );
    // FitBlock: 384 KiB of 512 KiB (hand arithmetic above)
    assert.match(sections[0].markdown, /^- L1: 384 KiB of 512 KiB \(A 64 KiB ×2, B 128 KiB ×2\) — /m);
    assert.match(sections[1].markdown, /as instantiated at kernel\/budget_kernel\.cpp:8/);
    const inBody = instanceSectionsAt(view, headerText, headerText.indexOf('L1A_TILE_SIZE ='));
    assert.ok(!inBody.some((s) => s.kind === 'budgets'));
  });
});

const CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass');
const present = existsSync(path.join(CORPUS, 'include', 'catlass'));

describe('budgets of Catlass example 13 (BlockMmadTla, MmadPingpong, AtlasA2)', { skip: present ? false : `no corpus at ${CORPUS}` }, () => {
  test('L1 384 KiB of 512 KiB, L0A 32 KiB, L0B 64 KiB, L0C 128 KiB, event ids 4 of 8, all pass', () => {
    const { res, alias } = corpusSiteScratch(CORPUS, 'examples/13_basic_matmul_tla/basic_matmul_tla.cpp', 105);
    const list = budgetsOf(res, alias!);
    // L1TileShape (128,256,256), L0TileShape (128,256,64), half A/B, float accumulator, 2 stages
    // (1 for L0C); AtlasA2: L1 512 KiB, L0A/L0B 64 KiB, L0C 128 KiB (catlass/arch/arch.hpp).
    // L1: A 128·256·2 = 64 KiB ×2 + B 256·256·2 = 128 KiB ×2 = 384 KiB
    assert.equal(budgetLine(byName(list, 'L1')!), 'L1: 384 KiB of 512 KiB (A 64 KiB ×2, B 128 KiB ×2)');
    // L0A: 128·64·2 = 16 KiB ×2; L0B: 64·256·2 = 32 KiB ×2; L0C: 128·256·4 = 128 KiB ×1
    assert.equal(budgetLine(byName(list, 'L0A')!), 'L0A: 32 KiB of 64 KiB');
    assert.equal(budgetLine(byName(list, 'L0B')!), 'L0B: 64 KiB of 64 KiB');
    assert.equal(budgetLine(byName(list, 'L0C')!), 'L0C: 128 KiB of 128 KiB');
    // no bias: L1A + L1B stages 2 + 2 ≤ 8, L0A + L0B 2 + 2 ≤ 8
    assert.equal(budgetLine(byName(list, 'L1 EVENT_ID')!), 'L1 EVENT_ID: 4 of 8 (A 2, B 2)');
    assert.equal(budgetLine(byName(list, 'L0 EVENT_ID')!), 'L0 EVENT_ID: 4 of 8 (A 2, B 2)');
    assert.ok(list.every((b) => b.pass === true));
    assert.equal(list[0].header, 'catlass/gemm/block/block_mmad_pingpong_tla.hpp');
  });
});
