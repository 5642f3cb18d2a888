// Layout scratchpads: a C++ TLA expression as an untitled .tla document named after its kernel line
// (`matmul_kernel.cpp-L33.tla` in the workspace folder), opened in one group beside the kernel, and
// saved only where the user says — Ctrl+S, File > Save (the menu and the palette) and Save As all ask.
import * as vscode from 'vscode';

/** The editor group the last scratchpad opened in: the next one opens there too. */
let lastScratchpadColumn: vscode.ViewColumn | undefined;

/**
 * A scratchpad: an untitled .tla document that carries a path (its tab's name in the workspace
 * folder). VS Code saves such a document to that path without asking; we ask instead. Known by its
 * uri, so that one restored after a window reload is one too.
 */
export function isScratchpad(doc: vscode.TextDocument): boolean {
  return doc.uri.scheme === 'untitled' && doc.uri.path.startsWith('/') && doc.uri.path.endsWith('.tla');
}

/**
 * Saves a scratchpad where the user says, proposing its own name in the workspace folder
 * (`block_mmad_pingpong_tla.hpp-L150.tla`); another document: the workbench's Save.
 */
export async function saveScratchpad(save: () => Thenable<unknown>): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !isScratchpad(editor.document)) {
    await save();
    return;
  }
  const target = await vscode.window.showSaveDialog({
    defaultUri: editor.document.uri.with({ scheme: 'file' }),
    filters: { 'TLA layout': ['tla'] },
    title: 'Save Scratchpad As',
  });
  if (!target) return;
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(editor.document.getText()));
  const column = editor.viewColumn;
  // the saved file takes the scratchpad's place (its untitled copy closed without asking: it is saved)
  await vscode.window.showTextDocument(editor.document, { viewColumn: column, preserveFocus: false });
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await vscode.window.showTextDocument(target, { viewColumn: column, preview: false });
}

const SAVE = 'workbench.action.files.save';

/**
 * File > Save (the menu bar's, and the palette's "File: Save") runs the workbench's save, which
 * writes an untitled document that carries a path there without a dialog. While a scratchpad is
 * the active editor, that command is ours and asks where (the workbench's again otherwise: a
 * command registered later runs instead of the earlier one until it is disposed).
 */
export function registerSaveAsks(): vscode.Disposable {
  let ours: vscode.Disposable | undefined;
  const workbenchSave = async (args: unknown[]) => {
    ours?.dispose();
    ours = undefined;
    try {
      await vscode.commands.executeCommand(SAVE, ...args);
    } finally {
      update();
    }
  };
  const update = () => {
    const editor = vscode.window.activeTextEditor;
    const wanted = !!editor && isScratchpad(editor.document);
    if (wanted && !ours) {
      ours = vscode.commands.registerCommand(SAVE, async (...args: unknown[]) => {
        const active = vscode.window.activeTextEditor?.document;
        // a save of another document (a uri given) or with no scratchpad in front: the workbench's own
        const other = args[0] instanceof vscode.Uri && args[0].toString() !== active?.uri.toString();
        if (!active || !isScratchpad(active) || other) await workbenchSave(args);
        else await saveScratchpad(() => workbenchSave(args));
      });
    } else if (!wanted && ours) {
      ours.dispose();
      ours = undefined;
    }
  };
  update();
  return vscode.Disposable.from(vscode.window.onDidChangeActiveTextEditor(update), { dispose: () => ours?.dispose() });
}

/**
 * Where a scratchpad opens from an editor in `from`: the group of the last one, if still open and
 * not `from`; asked from that group itself (another kernel opened there), the nearest other group
 * already open, so that the kernel stays in view and no group is added; else beside.
 */
export function scratchpadColumn(from: vscode.ViewColumn | undefined): vscode.ViewColumn {
  const others = vscode.window.tabGroups.all.map((g) => g.viewColumn).filter((c) => c !== from);
  if (lastScratchpadColumn !== undefined && others.includes(lastScratchpadColumn)) return lastScratchpadColumn;
  if (from !== undefined && from === lastScratchpadColumn && others.length)
    return others.reduce((best, c) => (Math.abs(c - from) < Math.abs(best - from) ? c : best));
  return vscode.ViewColumn.Beside;
}

/** The group a scratchpad was shown in: the next one opens there. */
export function scratchpadShownIn(column: vscode.ViewColumn | undefined): void {
  lastScratchpadColumn = column;
}

const asTla = (doc: vscode.TextDocument) =>
  doc.languageId === 'tla-layout' ? Promise.resolve(doc) : vscode.languages.setTextDocumentLanguage(doc, 'tla-layout');

/**
 * A scratchpad document: untitled, with the kernel line's name in the workspace folder
 * (`matmul_kernel.cpp-L33.tla`, `-2` … when taken), so that its tab says it and File > Save As
 * proposes it there; without a folder, an untitled document with no path (Save asks where).
 * A document of that name that already holds this text is this scratchpad again: it is shown,
 * nothing added — after a window reload VS Code restores an untitled document from its backup,
 * and opening its name gives that text, which an insert would double. One that holds other text
 * (edited) keeps it: the next name. Nothing is written: an untitled document is kept in the editor until saved.
 */
export async function scratchpadDocument(text: string, fileName: string | undefined): Promise<vscode.TextDocument> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder || !fileName || folder.scheme !== 'file') return vscode.workspace.openTextDocument({ language: 'tla-layout', content: text });
  const stem = fileName.replace(/\.tla$/, '');
  for (let n = 1; n < 100; n++) {
    const file = vscode.Uri.joinPath(folder, `${stem}${n === 1 ? '' : `-${n}`}.tla`);
    const uri = file.with({ scheme: 'untitled' });
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open) {
      if (open.getText() === text) return asTla(open);
      continue;
    }
    try {
      await vscode.workspace.fs.stat(file);
      continue; // a file of that name exists: the next name
    } catch {
      // free
    }
    const doc = await vscode.workspace.openTextDocument(uri);
    if (doc.getText() !== '') {
      // restored from a backup (a reloaded window): the same scratchpad, or an edited one kept as it is
      if (doc.getText() === text) return asTla(doc);
      continue;
    }
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(0, 0), text);
    await vscode.workspace.applyEdit(edit);
    return asTla(doc);
  }
  return vscode.workspace.openTextDocument({ language: 'tla-layout', content: text });
}
