// The VS Code side: starts the TLA layout language server and registers the commands.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CloseAction, ErrorAction, LanguageClient, LanguageClientOptions, ServerOptions, State, TransportKind } from 'vscode-languageclient/node';

import { LayoutView, send } from './layoutView';
import { registerBindings } from './bindings';
import { registerInstantiations, savedChoices } from './instantiations';
import { registerSaveAsks, saveScratchpad, scratchpadColumn, scratchpadDocument, scratchpadShownIn } from './scratchpad';
import { ScratchpadRequest } from '../../shared/protocol';
import { SERVER_EXEC_ARGV } from '../../shared/serverProcess';

let client: LanguageClient | undefined;

/** Restarts after a crash, at most this many times in RESTART_WINDOW_MS; then says so and stops. */
const MAX_RESTARTS = 4;
const RESTART_WINDOW_MS = 3 * 60_000;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    // node's flags for the server (4 MB semi-spaces), the ones the bench starts it with
    run: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: [...SERVER_EXEC_ARGV] } },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009', ...SERVER_EXEC_ARGV] } },
  };
  const output = vscode.window.createOutputChannel('TLA Layout', { log: true });
  const crashes: number[] = [];
  let toldUser = false;
  const clientOptions: LanguageClientOptions = {
    // C++ too: the TLA inside Catlass kernels (the server answers only where a file uses tla)
    documentSelector: [
      { language: 'tla-layout' },
      { scheme: 'file', language: 'cpp' },
      { scheme: 'file', language: 'c' },
      { scheme: 'untitled', language: 'cpp' },
      { pattern: '**/*.asc' },
    ],
    outputChannel: output,
    // the hover's "Bind m…" link runs tlaLayout.bind (a command link needs trusted markdown)
    markdown: { isTrusted: { enabledCommands: ['tlaLayout.bind'] } },
    // diagnostics pulled (textDocument/diagnostic) after each change, with the resultId of the
    // report held: the server answers `unchanged` when they stay the same, so a keystroke far
    // from any error sends no list back (the server pushes only to clients that do not pull)
    diagnosticPullOptions: { onChange: true, onSave: false },
    // the Catlass headers' churn (files and folders under catlass/ and tla/) keeps the server's header index true
    synchronize: { configurationSection: 'tlaLayout', fileEvents: vscode.workspace.createFileSystemWatcher('**/{catlass,tla}/**') },
    // the instantiations chosen in this workspace (instantiations.ts): read at each start, so a restart keeps them;
    // watchesHeaders: the fileEvents above are sent, so the server neither registers a watcher nor polls
    initializationOptions: () => ({
      settings: vscode.workspace.getConfiguration('tlaLayout'),
      instantiations: savedChoices(context),
      watchesHeaders: true,
    }),
    errorHandler: {
      error: () => ({ action: ErrorAction.Continue }),
      closed: () => {
        const now = Date.now();
        crashes.push(now);
        while (crashes.length && now - crashes[0] > RESTART_WINDOW_MS) crashes.shift();
        if (crashes.length <= MAX_RESTARTS) {
          output.warn(`The TLA Layout server stopped; restarting it (${crashes.length}/${MAX_RESTARTS}).`);
          return { action: CloseAction.Restart, handled: true };
        }
        if (!toldUser) {
          toldUser = true;
          void vscode.window.showErrorMessage(
            `The TLA Layout server stopped ${crashes.length} times in a few minutes and will not be restarted. See the "TLA Layout" output; run "TLA: Restart Language Server" to try again.`,
          );
        }
        return { action: CloseAction.DoNotRestart, handled: true };
      },
    },
  };
  client = new LanguageClient('tlaLayout', 'TLA Layout', serverOptions, clientOptions);
  const view = new LayoutView(context, () => client);
  context.subscriptions.push(
    vscode.commands.registerCommand('tlaLayout.showLayout', (...args: unknown[]) => view.show(args)),
    vscode.commands.registerCommand('tlaLayout.showLayoutToSide', (...args: unknown[]) => view.showToSide(args)),
    output,
    vscode.commands.registerCommand('tlaLayout.restartServer', async () => {
      crashes.length = 0;
      toldUser = false;
      if (client?.state === State.Running) await client.restart();
      else await client?.start();
      output.info('TLA Layout server restarted.');
    }),
    vscode.commands.registerCommand('tlaLayout.openScratchpad', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || !client) return;
      const answer = await send(client, ScratchpadRequest, {
        textDocument: { uri: editor.document.uri.toString() },
        position: editor.selection.active,
      });
      if (!answer?.text) {
        void vscode.window.showInformationMessage(`TLA: ${answer?.reason ?? 'no TLA expression under the cursor'}`);
        return;
      }
      // an untitled document named after the kernel line, in the workspace folder: Ctrl+S asks where
      // (tlaLayout.saveScratchpad), File > Save As proposes that name there
      const doc = await scratchpadDocument(answer.text, answer.fileName);
      // every scratchpad in the one group beside the kernel, while that group is open
      const column = scratchpadColumn(editor.viewColumn);
      const shown = await vscode.window.showTextDocument(doc, { viewColumn: column, preview: false });
      scratchpadShownIn(shown.viewColumn);
    }),
    vscode.commands.registerCommand('tlaLayout.saveScratchpad', () =>
      saveScratchpad(() => vscode.commands.executeCommand('workbench.action.files.save')),
    ),
    // File > Save from the menu bar asks too
    registerSaveAsks(),
    // The server's "Copy as C++" code action runs this with the text to copy.
    vscode.commands.registerCommand('tlaLayout.copyToClipboard', async (text: unknown) => {
      if (typeof text !== 'string') return;
      await vscode.env.clipboard.writeText(text);
      void vscode.window.setStatusBarMessage('TLA Layout: copied C++ to the clipboard', 3000);
    }),
  );
  registerBindings(context);
  registerInstantiations(context, () => client);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
