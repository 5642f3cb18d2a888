// Runtime names bound to numbers, as the user sees them: a status-bar item with the bindings in
// force for the active editor (its `// tla: …` comments over the tlaLayout.bindings setting, read
// as the server reads them: shared/bindings.ts), and "TLA: Bind a Runtime Name to a Number",
// which writes the file's `// tla:` comment (the hover's "Bind m…" link runs it with the name).
import * as vscode from 'vscode';
import { bindingsForPath, bindingsInComments, mergeBindings, parseBindings, printBindings } from '../../shared/bindings';

const LANGUAGES = new Set(['tla-layout', 'cpp', 'c']);
const COMMENT_LINE = /^[ \t]*\/\/[ \t]*tla:[ \t]*(.*)$/;

export function registerBindings(context: vscode.ExtensionContext): void {
  const item = vscode.window.createStatusBarItem('tlaLayout.bindings', vscode.StatusBarAlignment.Right, 100);
  item.name = 'TLA bindings';
  item.command = 'tlaLayout.bind';
  let timer: NodeJS.Timeout | undefined;
  const update = () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor || !LANGUAGES.has(editor.document.languageId)) return item.hide();
    const patterns = vscode.workspace.getConfiguration('tlaLayout').get<Record<string, string>>('bindings', {});
    const fromSetting = bindingsForPath(patterns, editor.document.uri.path);
    const fromFile = bindingsInComments(editor.document.getText());
    const bound = mergeBindings(fromSetting, fromFile);
    if (!bound.size) return item.hide();
    item.text = `$(symbol-numeric) ${printBindings(bound)}`;
    const where = [fromFile.size && '`// tla:` comments of this file', fromSetting.size && 'the `tlaLayout.bindings` setting']
      .filter(Boolean)
      .join(' over ');
    item.tooltip = new vscode.MarkdownString(`TLA bindings in force: **${printBindings(bound)}** (from ${where}). Click to bind another name.`);
    item.show();
  };
  context.subscriptions.push(
    item,
    vscode.window.onDidChangeActiveTextEditor(update),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document !== vscode.window.activeTextEditor?.document) return;
      clearTimeout(timer);
      timer = setTimeout(update, 200);
    }),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('tlaLayout.bindings') && update()),
    vscode.commands.registerCommand('tlaLayout.bind', (name?: unknown) => bind(typeof name === 'string' ? name : undefined)),
  );
  update();
}

/** Asks for `name=number` (or a number, for the name given) and writes it into the file's first `// tla:` comment. */
async function bind(name: string | undefined): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return;
  const answer = await vscode.window.showInputBox({
    title: name ? `Bind ${name} to a number` : 'Bind a runtime name to a number',
    prompt: name
      ? `${name} = ? (written as a // tla: comment in this file)`
      : 'name=number, e.g. m=1000 n=2000 (names as the kernel writes them: m, params.k, blockCoord.m())',
    validateInput: (v) => {
      const text = name && /^\s*-?\d+\s*$/.test(v) ? `${name}=${v.trim()}` : v;
      const parsed = parseBindings(text);
      return parsed.rejected.length || !parsed.bindings.size ? `'${parsed.rejected[0] ?? v}' is not name=integer` : undefined;
    },
  });
  if (answer === undefined) return;
  const given = parseBindings(name && /^\s*-?\d+\s*$/.test(answer) ? `${name}=${answer.trim()}` : answer).bindings;
  const doc = editor.document;
  // the first `// tla:` comment line gets the new numbers; else a new one at the top
  for (let i = 0; i < doc.lineCount; i++) {
    const line = doc.lineAt(i);
    const m = COMMENT_LINE.exec(line.text);
    if (!m || !parseBindings(m[1]).bindings.size) continue;
    const merged = mergeBindings(parseBindings(m[1]).bindings, given);
    await editor.edit((b) => b.replace(line.range, `// tla: ${[...merged].map(([k, v]) => `${k}=${v}`).join(' ')}`));
    return;
  }
  await editor.edit((b) => b.insert(new vscode.Position(0, 0), `// tla: ${[...given].map(([k, v]) => `${k}=${v}`).join(' ')}\n`));
}
