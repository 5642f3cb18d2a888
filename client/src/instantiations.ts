// "TLA: Choose the Instantiation of a Template": the code lens over a class template runs it with
// the template's sites; the pick is kept in the workspace's state (never a file) and sent to the
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
      if (!args?.sites?.length) {
        void vscode.window.showInformationMessage('TLA: run this from the code lens over an instantiated template');
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
