// The editor group the layout view opens in. Here, in shared/, so it is tested without an editor.

/**
 * The group (VS Code's view column) for the layout view shown from an editor in group `from`: the
 * group the view is in or was last in, when still open and not `from` (reopened, it lands where
 * it was); else the nearest other open group (the one beside, so a scratchpad's group is reused
 * and no third group is added); null when `from` is the only group: a new group beside it.
 */
export function viewColumnFor(from: number | undefined, last: number | undefined, open: readonly number[]): number | null {
  const others = open.filter((c) => c !== from);
  if (last !== undefined && others.includes(last)) return last;
  if (!others.length) return null;
  if (from === undefined) return others[0];
  return others.reduce((best, c) =>
    Math.abs(c - from) < Math.abs(best - from) || (Math.abs(c - from) === Math.abs(best - from) && c > best) ? c : best,
  );
}
