// The import boundaries of ARCHITECTURE.md ("Invariants"), checked on the import statements
// (import, export … from, require(), import()) of every .ts under server/src, client/src and
// shared/:
//
//   core      imports only core: no package, no node builtin
//   language  imports core, language (and shared/); packages: ohm-js; never an LSP package.
//             Inside it, layers: syntax → eval → analysis → cpp → ide (a layer imports its own
//             files and the layers before it, and another layer only through that layer's
//             index.ts); the root index.ts is the API of the features, the server and the CLI
//   server    (server/src/*.ts, features/) imports language, server (and shared/); never core
//             (language's query API answers the features' questions)
//   client    (client/src/*.ts) imports client and shared/ (the protocol); no server/src file
//   webview   (client/src/webview) imports webview and shared/ (protocol, picture model); no package
//   shared    imports only shared: no package, no node builtin
//
// tsc -b (the tsconfig references) enforces the same between parts, except server -> core: core
// is in the server's reference graph through language, so tsc accepts that import and only this
// test refuses it. This test also sees the packages, the allowlists and the stale allowlist entries.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { ROOT } from '../helpers';

type Part = 'core' | 'language' | 'server' | 'client' | 'webview' | 'shared';

/**
 * Features that may import core: none (language's query API answers their questions). Adding
 * an entry needs a reason in ARCHITECTURE.md; the test below fails while this is not empty.
 */
export const CORE_ALLOWLIST: readonly string[] = [];

const PACKAGES: Record<Part, readonly string[]> = {
  core: [],
  language: ['ohm-js'],
  server: ['vscode-languageserver', 'vscode-languageserver-textdocument'],
  client: ['vscode', 'vscode-languageclient'],
  webview: [],
  shared: [],
};
const NODE_BUILTINS: Record<Part, boolean> = { core: false, language: false, server: true, client: true, webview: false, shared: false };
const PARTS_ALLOWED: Record<Part, readonly Part[]> = {
  core: ['core'],
  language: ['core', 'language', 'shared'],
  server: ['language', 'server', 'shared'],
  client: ['client', 'shared'],
  webview: ['webview', 'shared'],
  shared: ['shared'],
};

/** The part a project-relative path (forward slashes) belongs to, or undefined outside the product. */
export function partOf(rel: string): Part | undefined {
  if (rel.startsWith('server/src/core/') || rel === 'server/src/core') return 'core';
  if (rel.startsWith('server/src/language/') || rel === 'server/src/language') return 'language';
  if (rel.startsWith('server/src/')) return 'server';
  if (rel.startsWith('client/src/webview/') || rel === 'client/src/webview') return 'webview';
  if (rel.startsWith('client/src/')) return 'client';
  if (rel.startsWith('shared/')) return 'shared';
  return undefined;
}

/** The layers inside language/, in import order: a layer may import the ones before it. */
export const LANGUAGE_LAYERS = ['syntax', 'eval', 'analysis', 'cpp', 'ide'] as const;
type Layer = (typeof LANGUAGE_LAYERS)[number] | 'api';

/** The layer of a file or folder of language/ (its root index is 'api'), or undefined elsewhere. */
export function layerOf(rel: string): Layer | undefined {
  const p = rel.replace(/\.ts$/, '').replace(/\/index$/, '');
  if (p === 'server/src/language' || p === 'server/src/language/index') return 'api';
  const m = /^server\/src\/language\/([a-z]+)(\/|$)/.exec(p);
  if (!m) return undefined;
  if ((LANGUAGE_LAYERS as readonly string[]).includes(m[1])) return m[1] as Layer;
  return m[2] === '' ? 'api' : undefined; // a file at language/'s root belongs to the API
}

/** The layering violations of an import between two files of language/ (target without extension). */
function layerViolation(rel: string, target: string): string | undefined {
  const from = layerOf(rel);
  const to = layerOf(target);
  if (!from || !to || from === to) return undefined;
  if (from !== 'api' && to === 'api') return `${from} may not import the language API (index.ts)`;
  if (from !== 'api' && LANGUAGE_LAYERS.indexOf(to as never) > LANGUAGE_LAYERS.indexOf(from as never))
    return `${from} may not import ${to} (layers: ${LANGUAGE_LAYERS.join(' → ')})`;
  const viaIndex = target === `server/src/language/${to}` || target === `server/src/language/${to}/index`;
  if (from !== 'api' && !viaIndex) return `${from} imports ${to} only through ${to}/index.ts`;
  return undefined;
}

/** Every module specifier a source imports (type-only imports too). */
export function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

const packageName = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const isBuiltin = (spec: string) => spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0]);

/** The violations of one file (rel: its project-relative path), as readable sentences. */
export function violations(rel: string, source: string, allow: readonly string[] = CORE_ALLOWLIST): string[] {
  const from = partOf(rel);
  if (!from) return [];
  const out: string[] = [];
  for (const spec of importsOf(source)) {
    const key = `${rel} -> ${spec}`;
    if (spec.startsWith('.')) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
      const to = partOf(target);
      const layered = from === 'language' && to === 'language' ? layerViolation(rel, target) : undefined;
      if (layered) {
        out.push(`${key}: ${layered}`);
        continue;
      }
      if (from === 'server' && to === 'language' && layerOf(target) !== 'api') {
        out.push(`${key}: the server imports language only through its index.ts (the API)`);
        continue;
      }
      if (to && PARTS_ALLOWED[from].includes(to)) continue;
      if (allow.includes(key)) continue;
      out.push(`${key}: ${from} may not import ${to ?? target} (allowed: ${PARTS_ALLOWED[from].join(', ')})`);
    } else if (isBuiltin(spec)) {
      if (!NODE_BUILTINS[from]) out.push(`${key}: ${from} may not import the node builtin ${spec}`);
    } else if (!PACKAGES[from].includes(packageName(spec))) {
      out.push(`${key}: ${from} may not import the package ${packageName(spec)} (allowed: ${PACKAGES[from].join(', ') || 'none'})`);
    }
  }
  return out;
}

function sources(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!existsSync(abs)) return [];
  const found: string[] = [];
  for (const ent of readdirSync(abs, { withFileTypes: true })) {
    const rel = `${dir}/${ent.name}`;
    if (ent.isDirectory()) found.push(...sources(rel));
    else if (ent.name.endsWith('.ts') && !ent.name.endsWith('.d.ts')) found.push(rel);
  }
  return found;
}

const FILES = [...sources('server/src'), ...sources('client/src'), ...sources('shared')];

/** The file a relative specifier names (a .ts file or a folder's index.ts), if it is one of `known`. */
function resolveImport(from: string, spec: string, known: ReadonlySet<string>): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return [`${base}.ts`, `${base}/index.ts`, base].find((c) => known.has(c));
}

/** Every import cycle among `files` (relative imports only), each as `a → b → a`, once. */
export function importCycles(files: readonly string[], read = (f: string) => readFileSync(path.join(ROOT, f), 'utf8')): string[] {
  const known = new Set(files);
  const edges = new Map(files.map((f) => [f, importsOf(read(f)).flatMap((s) => (s.startsWith('.') ? (resolveImport(f, s, known) ?? []) : []))]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    stack.push(f);
    for (const g of edges.get(f) ?? []) {
      if (state.get(g) === 'open') found.push([...stack.slice(stack.indexOf(g)), g].join(' → '));
      else if (!state.has(g)) visit(g);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return found;
}

describe('import boundaries (ARCHITECTURE.md, Invariants)', () => {
  test('the tree has the parts it checks', () => {
    for (const part of ['core', 'language', 'server', 'client', 'webview', 'shared'] as Part[]) {
      assert.ok(
        FILES.some((f) => partOf(f) === part),
        `no .ts file of ${part} found`,
      );
    }
  });

  test('every import stays inside what its part may import', () => {
    const found = FILES.flatMap((f) => violations(f, readFileSync(path.join(ROOT, f), 'utf8')));
    assert.deepEqual(found, [], `import boundary violations (see ARCHITECTURE.md):\n${found.join('\n')}`);
  });

  test('no feature imports core: the allowlist is empty', () => {
    assert.deepEqual(CORE_ALLOWLIST, []);
    for (const f of FILES.filter((x) => x.startsWith('server/src/features/'))) {
      const core = importsOf(readFileSync(path.join(ROOT, f), 'utf8')).filter(
        (s) => partOf(path.posix.normalize(path.posix.join('server/src/features', s))) === 'core',
      );
      assert.deepEqual(core, [], `${f} imports core`);
    }
  });

  test('every allowlist entry is still used (remove the ones whose import is gone)', () => {
    const used = new Set(
      FILES.flatMap((f) => (existsSync(path.join(ROOT, f)) ? importsOf(readFileSync(path.join(ROOT, f), 'utf8')).map((s) => `${f} -> ${s}`) : [])),
    );
    const stale = CORE_ALLOWLIST.filter((k) => !used.has(k));
    assert.deepEqual(stale, [], 'stale allowlist entries in test/architecture/boundaries.test.ts');
  });

  test('no import cycle inside server/src', () => {
    const cycles = importCycles(FILES.filter((f) => f.startsWith('server/src/')));
    assert.deepEqual(cycles, [], `import cycles:\n${cycles.join('\n')}`);
  });

  test('the cycle finder finds a cycle', () => {
    const files = { 'server/src/a.ts': "import { b } from './b';", 'server/src/b.ts': "import { a } from './a';", 'server/src/c.ts': '' };
    assert.deepEqual(
      importCycles(Object.keys(files), (f) => files[f as keyof typeof files]),
      ['server/src/a.ts → server/src/b.ts → server/src/a.ts'],
    );
  });

  // The checker itself, on imports that break each rule: the test above can fail.
  test('the checker finds each kind of violation', () => {
    const bad: [string, string][] = [
      ['server/src/core/layout.ts', "import { BUILTIN_FUNCTIONS } from '../../server/src/language/syntax/vocabulary';"],
      ['server/src/core/layout.ts', "import { readFileSync } from 'node:fs';"],
      ['server/src/core/layout.ts', "export * from '../limits';"],
      ['server/src/language/hover.ts', "import type { Hover } from 'vscode-languageserver';"],
      ['server/src/language/x.ts', "import { hover } from '../features/hover';"],
      ['server/src/language/x.ts', "const d = require('../documents');"],
      ['server/src/features/x.ts', "import * as core from '../core';"],
      ['server/src/features/x.ts', "import { Layout } from '../core/layout';"],
      ['client/src/layoutView.ts', "import { pictureOf } from '../../server/src/language';"],
      ['client/src/extension.ts', "import { Connection } from 'vscode-languageserver';"],
      ['client/src/webview/main.ts', "import { layout } from '../../../server/src/core';"],
      ['client/src/webview/main.ts', "import * as vscode from 'vscode';"],
      ['shared/protocol.ts', "import type { Layout } from '../server/src/core';"],
      ['server/src/language/syntax/lexer.ts', "import { Value } from '../eval';"],
      ['server/src/language/analysis/x.ts', "import { hoverAt } from '../ide';"],
      ['server/src/language/eval/x.ts', "import { Lexer } from '../syntax/lexer';"],
      ['server/src/language/cpp/x.ts', "import { hoverAt } from '..';"],
      ['server/src/features/hover.ts', "import { hoverAt } from '../language/ide/hover';"],
    ];
    for (const [rel, src] of bad) assert.equal(violations(rel, src).length, 1, `${rel}: ${src}`);
    const good: [string, string][] = [
      ['server/src/core/layout.ts', "import * as A from './arith';"],
      ['server/src/language/evaluate.ts', "import * as core from '../core';\nimport type * as ohm from 'ohm-js';"],
      ['server/src/features/hover.ts', "import { hoverAt } from '../language';\nimport type { Hover } from 'vscode-languageserver';"],
      ['server/src/server.ts', "import { createConnection } from 'vscode-languageserver/node';\nimport { hover } from './features/hover';"],
      [
        'client/src/layoutView.ts',
        "import type { LanguageClient } from 'vscode-languageclient/node';\nimport { PictureRequest } from '../../shared/protocol';",
      ],
      ['client/src/webview/main.ts', "import type { ToWebview } from '../../../shared/protocol';"],
      ['server/src/language/eval/x.ts', "import { Lexer } from '../syntax';\nimport { y } from './y';"],
      ['server/src/language/ide/x.ts', "import { Analyzer } from '../analysis';\nimport { Ast } from '../syntax';"],
      ['server/src/language/index.ts', "export { hoverAt } from './ide/hover';"],
    ];
    for (const [rel, src] of good) assert.deepEqual(violations(rel, src), [], `${rel}: ${src}`);
  });
});
