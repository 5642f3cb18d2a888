// `npm run test:electron`: the extension in a real VS Code desktop, where one is given.
// VS Code cannot be downloaded on our machines, so this runs only with VSCODE_EXECUTABLE
// set to a VS Code binary, and says clearly that it was skipped otherwise.
import * as esbuild from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const exe = process.env.VSCODE_EXECUTABLE;
if (!exe) {
  console.log(
    'test:electron skipped: set VSCODE_EXECUTABLE to a VS Code binary to run the @vscode/test-electron suite (it cannot be downloaded here).',
  );
  process.exit(0);
}
await esbuild.build({
  entryPoints: [path.join(root, 'test/electron/suite.ts')],
  outfile: path.join(root, 'out/electron/suite.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  external: ['vscode'],
  logLevel: 'warning',
});
const { runTests } = await import('@vscode/test-electron');
try {
  await runTests({
    vscodeExecutablePath: exe,
    extensionDevelopmentPath: root,
    extensionTestsPath: path.join(root, 'out/electron/suite.js'),
    extensionTestsEnv: { TLA_EXAMPLES: path.join(root, 'examples') },
    launchArgs: [path.join(root, 'examples'), '--disable-extensions', '--disable-workspace-trust'],
  });
  console.log('test:electron passed');
} catch (e) {
  console.error('test:electron failed:', e);
  process.exit(1);
}
