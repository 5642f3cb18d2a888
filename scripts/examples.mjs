// `npm run examples`: evaluates every example with the CLI and prints the layouts.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const examples = readdirSync(path.join(root, 'examples'))
  .filter((f) => f.endsWith('.tla'))
  .sort();
let status = 0;
for (const f of examples) {
  const r = spawnSync(process.execPath, [path.join(root, 'dist/cli.js'), 'eval', path.join('examples', f)], { cwd: root, stdio: 'inherit' });
  status ||= r.status ?? 1;
}
process.exit(status);
