// "TLA: Choose the Instantiation of a Template": the code lens over a class template runs it with
// the template's sites; the pick is kept in the workspace's state (never a file) and sent to the
// server, which reads the template's body under it. "No choice" goes back to the values every
// instantiation agrees on.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CHOOSE_INSTANTIATION_COMMAND, ChooseInstantiationArgs, InstantiationChoices, InstantiationsNotification } from '../../shared/protocol';

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
      type Item = vscode.QuickPickItem & { where?: string };
      const items: Item[] = args.sites.map((s) => ({
        label: s.label,
        detail: s.detail,
        where: s.where,
        ...(s.where === args.used ? { description: '(in use)' } : {}),
      }));
      if (args.sites.length > 1 || args.used)
        items.push({ label: 'No choice', detail: 'the default: the first site (open documents first, then by path and line)' });
      const picked = await vscode.window.showQuickPick(items, { title: `Instantiation of ${args.template}`, matchOnDetail: true });
      if (!picked) return;
      const choices = { ...savedChoices(context) };
      if (picked.where) choices[args.template] = picked.where;
      else delete choices[args.template];
      await context.workspaceState.update(STATE_KEY, choices);
      await client()?.sendNotification(InstantiationsNotification.method, { choices });
    }),
  );
}
