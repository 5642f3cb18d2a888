// What "TLA: Choose the Instantiation of a Template" offers (client/src/instantiations.ts shows
// it as a quick pick): each site, the one in use marked, and "No choice" only where it changes
// something — with two or more sites it goes back to the default (the first site: open
// documents' first, then by path and line); a template instantiated once is always read under
// that one site, so there is nothing to undo.
// Here, in shared/, so that a node test checks what the pick lists (it imports no vscode).
import type { ChooseInstantiationArgs } from './protocol';

export interface InstantiationPickItem {
  label: string;
  detail?: string;
  description?: string;
  /** The site a pick records; none for "No choice". */
  where?: string;
}

export function instantiationPick(args: ChooseInstantiationArgs): { title: string; items: InstantiationPickItem[] } {
  const only = args.sites.length === 1;
  const items: InstantiationPickItem[] = args.sites.map((s) => ({
    label: s.label,
    detail: s.detail,
    where: s.where,
    ...(only ? { description: '(the only instantiation: always used)' } : s.where === args.used ? { description: '(in use)' } : {}),
  }));
  if (!only) items.push({ label: 'No choice', detail: 'the default: the first site (open documents first, then by path and line)' });
  const title = only
    ? `Instantiation of ${args.template}: instantiated once, its values are always read under this site`
    : `Instantiation of ${args.template}`;
  return { title, items };
}
