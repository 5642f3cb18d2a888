// "TLA: Choose the Instantiation of a Template": the code lens over a class template runs it with
// the template's sites, the palette (in a C++ editor) with those of the template around the cursor; the pick is kept in the workspace's state (never a file) and sent to the
// server, which reads the template's body under it. "No choice" goes back to the default, the
// first site (offered only with two or more: shared/instantiationPick.ts).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CHOOSE_INSTANTIATION_COMMAND, ChooseInstantiationArgs, InstantiationChoices, InstantiationsNotification } from '../../shared/protocol';
import { instantiationPick } from '../../shared/instantiationPick';

const STATE_KEY = 'tlaLayout.instantiations';

/** The choices saved for this workspace (the server gets them at initialize). */
export function savedChoices(context: vscode.ExtensionContext): InstantiationChoices {
  return context.workspaceState.get<InstantiationChoices>(STATE_KEY, {});
}

export function registerInstantiations(context: vscode.ExtensionContext, client: () => LanguageClient | undefined): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(CHOOSE_INSTANTIATION_COMMAND, async (args?: ChooseInstantiationArgs) => {
      // from the palette: the template whose lens is nearest above the cursor (else the file's first)
      args ??= await templateAtCursor();
      if (!args?.sites?.length) {
        void vscode.window.showInformationMessage('TLA: no template instantiated by the workspace here (its code lens says which are)');
        return;
      }
      const { title, items } = instantiationPick(args);
      const picked = await vscode.window.showQuickPick(items, { title, matchOnDetail: true });
      if (!picked) return;
      const choices = { ...savedChoices(context) };
      if (picked.where) choices[args.template] = picked.where;
      else delete choices[args.template];
      await context.workspaceState.update(STATE_KEY, choices);
      await client()?.sendNotification(InstantiationsNotification.method, { choices });
    }),
  );
}

/** The sites of the template around the cursor: its code lens is the nearest at or above it, else the file's first. */
async function templateAtCursor(): Promise<ChooseInstantiationArgs | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri)) ?? [];
  const ours = lenses
    .filter((l) => l.command?.command === CHOOSE_INSTANTIATION_COMMAND && l.command.arguments?.[0])
    .sort((a, b) => a.range.start.line - b.range.start.line);
  const line = editor.selection.active.line;
  const above = ours.filter((l) => l.range.start.line <= line).pop() ?? ours[0];
  return above?.command?.arguments?.[0] as ChooseInstantiationArgs | undefined;
}
