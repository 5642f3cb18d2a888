// Bursts of edits through the built server (pushed diagnostics): the debounce gathers a burst
// into one analysis, the quiet-time preparation may run between two of its edits when they come
// apart, and what is published must still be the final text's diagnostics — those of a fresh
// analysis of it (the same text opened under another name) — with no version published after a
// newer one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient, startClient } from './client';

/** A small deterministic generator (mulberry32). */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Statements that read earlier ones (so an edit re-evaluates others), with findings of several kinds. */
function documentLines(n: number, r: () => number): string[] {
  const pick = (i: number) => Math.floor(r() * i);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = i > 0 ? `a${pick(i)}` : '7';
    const b = i > 0 ? `a${pick(i)}` : '3';
    switch (i % 5) {
      case 0:
        lines.push(`uint32_t a${i} = ${1 + pick(40)};`);
        break;
      case 1:
        lines.push(`auto a${i} = ${a} + ${b} * ${pick(4)};`);
        break;
      case 2:
        lines.push(`auto a${i} = CeilDiv(${a}, ${b} - ${pick(30)}) + ${pick(9)};`);
        break;
      case 3:
        lines.push(`auto l${i} = MakeLayout(MakeShape(${a}, ${1 + pick(8)}), MakeStride(${1 + pick(8)}, 1)); uint32_t a${i} = ${pick(50)};`);
        break;
      default:
        lines.push(`static_assert(${a} == ${pick(60)}); uint32_t a${i} = ${b} % ${1 + pick(5)};`);
    }
  }
  return lines;
}

/** Each diagnostic as it would be for another document name (related locations name the document). */
function anonymous(list: Diagnostic[]): unknown {
  return list.map((d) => ({
    ...d,
    relatedInformation: d.relatedInformation?.map((x) => ({ ...x, location: { ...x.location, uri: '' } })),
  }));
}

describe('bursts of edits, pushed', () => {
  let c: TestClient;
  before(async () => {
    c = await startClient();
  });
  after(async () => c.close());

  test('after each random burst the published report is a fresh analysis of the final text, and no version comes after a newer one', async () => {
    const r = rng(2501);
    const lines = documentLines(400, r);
    const uri = 'file:///bursts.tla';
    let version = 1;
    const opened = c.published(uri, 1);
    await c.open(uri, lines.join('\n'), 1);
    await opened;
    let fresh = 0;
    for (let burst = 0; burst < 14; burst++) {
      const edits = 1 + Math.floor(r() * 20);
      for (let e = 0; e < edits; e++) {
        // one number of a random line replaced (a keystroke), sometimes after a pause longer than the preparation's
        const li = Math.floor(r() * lines.length);
        const nums = [...lines[li].matchAll(/(?<![\w])\d+(?![\w])/g)];
        if (!nums.length) continue;
        const m = nums[Math.floor(r() * nums.length)];
        const text = String(Math.floor(r() * 40));
        lines[li] = lines[li].slice(0, m.index) + text + lines[li].slice(m.index! + m[0].length);
        const range = { start: { line: li, character: m.index! }, end: { line: li, character: m.index! + m[0].length } };
        await c.change(uri, ++version, [{ range, text }]);
        if (r() < 0.3) await new Promise((res) => setTimeout(res, Math.floor(r() * 15)));
      }
      const last = await c.published(uri, version, 30000);
      assert.equal(last.version, version, 'the last edit is the version published');
      const other = `file:///fresh-${fresh++}.tla`;
      const first = c.published(other, 1, 30000);
      await c.open(other, lines.join('\n'), 1);
      const expected = await first;
      await c.closeDocument(other);
      assert.deepEqual(anonymous(last.diagnostics), anonymous(expected.diagnostics), `burst ${burst}: as a fresh analysis`);
      assert.ok(expected.diagnostics.length > 0, 'the document has findings to compare');
    }
    const versions = c.publishedVersions(uri);
    for (let i = 1; i < versions.length; i++) assert.ok(versions[i]! > versions[i - 1]!, `version ${versions[i]} published after ${versions[i - 1]}`);
  });
});
