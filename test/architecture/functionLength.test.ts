// No function in server/src is longer than MAX_FUNCTION_LINES (ARCHITECTURE.md, Invariants): a
// reader checks a small function against the C++ it mirrors; a long one hides its steps. A
// function's lines count from its first line to its closing brace, nested functions included.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { ROOT } from '../helpers';

export const MAX_FUNCTION_LINES = 120;

/** Every function of a source longer than `max` lines, as `name (N lines) at line L`. */
export function longFunctions(fileName: string, source: string, max = MAX_FUNCTION_LINES): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n) && 'body' in n && n.body) {
      const first = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(n.end).line;
      const name = n.name && ts.isIdentifier(n.name) ? n.name.text : '(anonymous)';
      if (last - first + 1 > max) found.push(`${name} (${last - first + 1} lines) at line ${first + 1}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(`${dir}/${e.name}`) : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [`${dir}/${e.name}`] : [],
  );
}

describe(`no function over ${MAX_FUNCTION_LINES} lines`, () => {
  test('server/src', () => {
    const found = sources('server/src').flatMap((f) => longFunctions(f, readFileSync(path.join(ROOT, f), 'utf8')).map((x) => `${f}: ${x}`));
    assert.deepEqual(found, [], `functions too long to read:\n${found.join('\n')}`);
  });
  test('the checker finds a long function, a long method and a long arrow', () => {
    const body = Array.from({ length: 121 }, (_, i) => `  x += ${i};`).join('\n');
    const src = `function f() {\n  let x = 0;\n${body}\n}\nclass C { m() {\n${body}\n} }\nconst g = () => {\n${body}\n};\nfunction short() { return 1; }\n`;
    assert.deepEqual(
      longFunctions('x.ts', src).map((x) => x.split(' ')[0]),
      ['f', 'm', '(anonymous)'],
    );
  });
});
