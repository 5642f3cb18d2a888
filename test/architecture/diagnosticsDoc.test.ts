// Every diagnostic code of server/src/language/diagnostics.ts has its row in the table of
// docs/diagnostics.md, with the same severity, and the table names no code that does not
// exist (ARCHITECTURE.md, "Adding a diagnostic").
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DIAGNOSTIC_CODES } from '../../server/src/language/syntax/diagnostics';
import { ROOT } from '../helpers';

/** The rows `| \`code\` | severity | when |` of a markdown text: code → severity cell. */
export function documentedCodes(markdown: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const m of markdown.matchAll(/^\|\s*`([a-z0-9-]+)`\s*\|\s*([^|]*?)\s*\|/gm)) rows.set(m[1], m[2]);
  return rows;
}

test('docs/diagnostics.md documents every diagnostic code with its severity', () => {
  const rows = documentedCodes(readFileSync(path.join(ROOT, 'docs/diagnostics.md'), 'utf8'));
  const problems: string[] = [];
  for (const [code, severity] of Object.entries(DIAGNOSTIC_CODES)) {
    const doc = rows.get(code);
    if (doc === undefined) problems.push(`${code}: no row in docs/diagnostics.md`);
    else if (!doc.startsWith(severity)) problems.push(`${code}: severity ${severity} in diagnostics.ts, "${doc}" in docs/diagnostics.md`);
  }
  for (const code of rows.keys()) if (!(code in DIAGNOSTIC_CODES)) problems.push(`${code}: documented but not a code of diagnostics.ts`);
  assert.deepEqual(problems, []);
});

test('the table reader sees rows and their severities (so the test above can fail)', () => {
  const rows = documentedCodes('| code | severity | when |\n|---|---|---|\n| `a-b` | warning | x |\n| `c` | information (hint) | y |\n');
  assert.deepEqual(
    [...rows],
    [
      ['a-b', 'warning'],
      ['c', 'information (hint)'],
    ],
  );
});
