// The VS Code side: starts the TLA layout language server and registers the commands.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const output = vscode.window.createOutputChannel('TLA Layout', { log: true });
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'tla-layout' }],
    outputChannel: output,
  };
  client = new LanguageClient('tlaLayout', 'TLA Layout', serverOptions, clientOptions);
  context.subscriptions.push(
    vscode.commands.registerCommand('tlaLayout.restartServer', async () => {
      await client?.restart();
      output.appendLine('TLA Layout server restarted.');
    }),
  );
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
