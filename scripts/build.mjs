// Bundles the extension client, the language server and the CLI with esbuild into dist/,
// bundles the tests into out/test/, and type-checks every part with `tsc -b` (the project
// references of tsconfig.json; the same as `npm run typecheck`; .d.ts and build info go to .tsbuild/).
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  absWorkingDir: root,
};

/**
 * The language server and its parser thread are minified in every build, so that dist/server.js
 * is what the .vsix ships (under 1 MB: the bench's size row) and what the tests and the bench
 * run. Names are kept (a stack trace in the server's log names its functions and classes), and
 * a source map is written beside it except in --production (the .vsix holds no map: run a dev
 * build's server with `node --enable-source-maps` to read a trace in the sources).
 */
const serverBundle = { minify: true, keepNames: true };

const entries = [
  { entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js', ...serverBundle },
  // the header index's parser thread (server/src/headerWorker.ts), started by dist/server.js beside it
  { entryPoints: ['server/src/headerWorker.ts'], outfile: 'dist/headerWorker.js', ...serverBundle },
  { entryPoints: ['server/src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  // the layout view's script runs in the webview (a browser), not in node
  { entryPoints: ['client/src/webview/main.ts'], outfile: 'dist/webview.js', platform: 'browser', format: 'iife', target: 'es2022' },
];

// Tests are TypeScript too; esbuild bundles each one (node_modules stay external).
function testEntries(dir) {
  const found = [];
  for (const ent of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, ent.name);
    if (ent.isDirectory()) found.push(...testEntries(rel));
    else if (ent.name.endsWith('.test.ts')) found.push(rel);
  }
  return found;
}

if (watch) {
  for (const e of entries) {
    const ctx = await esbuild.context({ ...common, ...e });
    await ctx.watch();
  }
  console.log('esbuild: watching');
} else {
  rmSync(path.join(root, 'out'), { recursive: true, force: true });
  await Promise.all([
    ...entries.map((e) => esbuild.build({ ...common, ...e })),
    esbuild.build({
      ...common,
      entryPoints: testEntries('test'),
      outdir: 'out',
      outbase: '.',
      packages: 'external',
    }),
  ]);
  chmodSync(path.join(root, 'dist/cli.js'), 0o755);
  if (!process.argv.includes('--no-tsc')) {
    execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
}
