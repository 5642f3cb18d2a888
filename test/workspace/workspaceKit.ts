// Shared by the workspace index's tests: temporary Catlass-shaped trees, a small real header
// index of our own (path → the facts a header declares, as a C++ reader would list them), and a
// cold index of a tree to compare a churned one with.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IndexLimits } from '../../server/src/headerTree';
import { HeaderIndexLike, IndexEvents, IndexOptions, WorkspaceIndex } from '../../server/src/workspaceIndex';

/** A temporary folder holding include/catlass and include/tla; `root` is the include directory. */
export function tempTree(files: Record<string, string | Buffer> = {}): {
  dir: string;
  root: string;
  write: (rel: string, text: string | Buffer) => string;
  remove: () => void;
} {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tla-ws-'));
  const root = path.join(dir, 'include');
  mkdirSync(path.join(root, 'catlass'), { recursive: true });
  mkdirSync(path.join(root, 'tla'), { recursive: true });
  const write = (rel: string, text: string | Buffer) => {
    const p = path.join(root, rel);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, text);
    return p;
  };
  for (const [rel, text] of Object.entries(files)) write(rel, text);
  return { dir, root, write, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What one header declares: its class templates, member aliases, constants and includes, in order. */
export function factsOf(text: string): string[] {
  const facts: string[] = [];
  const re =
    /#\s*include\s*[<"]([^>"\n]+)[>"]|\b(struct|class)\s+([A-Za-z_]\w*)|\busing\s+([A-Za-z_]\w*)\s*=\s*([^;]*);|\bconstexpr\s+[\w:<> ]+?\s([A-Za-z_]\w*)\s*=\s*([^;]*);/g;
  for (let m; (m = re.exec(text));) {
    if (m[1] !== undefined) facts.push(`include ${m[1]}`);
    else if (m[3] !== undefined) facts.push(`${m[2]} ${m[3]}`);
    else if (m[4] !== undefined) facts.push(`using ${m[4]} = ${m[5].trim()}`);
    else facts.push(`constexpr ${m[6]} = ${m[7].trim()}`);
  }
  return facts;
}

/** A small real header index for the tests (the C++ layer's HeaderIndex has the same two entry points). */
export class FactsIndex implements HeaderIndexLike {
  readonly files = new Map<string, string[]>();
  readonly calls: { op: 'set' | 'remove'; path: string; text?: string }[] = [];
  keepCalls = true;
  setFile(p: string, text: string): void {
    if (this.keepCalls) this.calls.push({ op: 'set', path: p, text });
    this.files.set(p, factsOf(text));
  }
  removeFile(p: string): void {
    if (this.keepCalls) this.calls.push({ op: 'remove', path: p });
    this.files.delete(p);
  }
  /** The facts as one sorted record (path → facts), for deepEqual. */
  snapshot(): Record<string, string[]> {
    return Object.fromEntries([...this.files].sort(([a], [b]) => (a < b ? -1 : 1)));
  }
}

export interface Indexed {
  index: WorkspaceIndex;
  facts: FactsIndex;
  notices: { reason: string; message: string }[];
  slices: () => number;
}

/** A workspace index over the roots, fed to a FactsIndex, counting its slices and notices. */
export function indexOf(roots: string[], options: IndexOptions & { limits?: IndexLimits } = {}, events: IndexEvents = {}): Indexed {
  const facts = new FactsIndex();
  const notices: { reason: string; message: string }[] = [];
  let slices = 0;
  const index = new WorkspaceIndex(
    facts,
    { ...events, notice: (reason, message) => notices.push({ reason, message }) },
    {
      ...options,
      later: (f, ms) => {
        slices++;
        setTimeout(f, ms);
      },
    },
  );
  index.configure(roots, options.limits);
  return { index, facts, notices, slices: () => slices };
}

/** A cold index of the tree as it is now: what a churned index must equal. */
export async function coldIndex(roots: string[], options: IndexOptions = {}): Promise<Indexed> {
  const cold = indexOf(roots, options);
  await cold.index.whenIdle();
  return cold;
}

/** Seeded pseudo-random numbers (mulberry32): a failing run replays with its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A header of the idioms the index records (a policy struct, aliases, constants), distinct per n. */
export function policyHeader(n: number, salt = ''): string {
  return [
    '#pragma once',
    `#include "catlass/gemm/policy_${(n + 1) % 7}.hpp"`,
    'namespace Catlass::Gemm::Block {',
    `template <class ArchTag, bool ENABLE_UNIT_FLAG = false> struct MmadPolicy${n}${salt} {`,
    `  using LayoutTagL1A = layout::zN;`,
    `  static constexpr uint32_t STAGES = ${(n % 4) + 1};`,
    '};',
    '}',
    '',
  ].join('\n');
}
