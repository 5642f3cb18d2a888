// Bundles the extension client, the language server and the CLI with esbuild,
// then compiles the TypeScript tree (sources + tests) with tsc into out/ for the tests.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  absWorkingDir: root,
};

const entries = [
  { entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' },
  { entryPoints: ['server/src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
];

if (watch) {
  for (const e of entries) {
    const ctx = await esbuild.context({ ...common, ...e });
    await ctx.watch();
  }
  console.log('esbuild: watching');
} else {
  await Promise.all(entries.map((e) => esbuild.build({ ...common, ...e })));
  chmodSync(path.join(root, 'dist/cli.js'), 0o755);
  if (!process.argv.includes('--no-tsc')) {
    // tsc type-checks everything (strict) and emits the test tree into out/.
    execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
}
