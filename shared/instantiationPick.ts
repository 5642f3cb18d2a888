// What "TLA: Choose the Instantiation of a Template" offers (client/src/instantiations.ts shows
// it as a quick pick): each site, the one in use marked, and "No choice" only where it changes
// something — with two or more sites it goes back to the default (the first site: open
// documents' first, then by path and line); a template instantiated once is always read under
// that one site, so there is nothing to undo. While the workspace's other candidate sites are
// still being resolved, it lists the sites found so far and says the rest is being resolved.
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
  // (while the other candidates are resolved, one site found is not yet the only one)
  const only = args.sites.length === 1 && !args.pending;
  const items: InstantiationPickItem[] = args.sites.map((s) => ({
    label: s.label,
    detail: s.detail,
    where: s.where,
    ...(only ? { description: '(the only instantiation: always used)' } : s.where === args.used ? { description: '(in use)' } : {}),
  }));
  if (args.sites.length > 1) items.push({ label: 'No choice', detail: 'the default: the first site (open documents first, then by path and line)' });
  const n = args.sites.length;
  const title = args.pending
    ? `Instantiation of ${args.template}: ${n} site${n > 1 ? 's' : ''} found so far, the workspace's other sites are still being resolved`
    : only
      ? `Instantiation of ${args.template}: instantiated once, its values are always read under this site`
      : `Instantiation of ${args.template}`;
  return { title, items };
}
