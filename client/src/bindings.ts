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
    // (name, uri): from the layout view's "Bind m…", for the document it pictures
    vscode.commands.registerCommand('tlaLayout.bind', (name?: unknown, uri?: unknown) =>
      bind(typeof name === 'string' ? name : undefined, typeof uri === 'string' ? uri : undefined),
    ),
  );
  update();
}

/**
 * Asks for `name=number` (or a number, for the name given) and writes it into the first `// tla:`
 * comment of the document `uri` (the layout view's), else of the active editor's.
 */
async function bind(name: string | undefined, uri?: string): Promise<void> {
  const doc = uri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri) : vscode.window.activeTextEditor?.document;
  if (!doc) return;
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
  // the first `// tla:` comment line gets the new numbers; else a new one at the top
  const edit = new vscode.WorkspaceEdit();
  const comment = (b: ReadonlyMap<string, unknown>) => `// tla: ${[...b].map(([k, v]) => `${k}=${v}`).join(' ')}`;
  const at = [...Array(doc.lineCount).keys()].find((i) => {
    const m = COMMENT_LINE.exec(doc.lineAt(i).text);
    return !!m && parseBindings(m[1]).bindings.size > 0;
  });
  if (at === undefined) edit.insert(doc.uri, new vscode.Position(0, 0), `${comment(given)}\n`);
  else {
    const line = doc.lineAt(at);
    edit.replace(doc.uri, line.range, comment(mergeBindings(parseBindings(COMMENT_LINE.exec(line.text)![1]).bindings, given)));
  }
  await vscode.workspace.applyEdit(edit);
}
