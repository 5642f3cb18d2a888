// The buffer budgets of an instantiation as a hover section (issue 21): on a class template's
// name line, what the instantiation puts in L1/L0 and how many event ids it uses, against the
// arch's sizes, from the block's own static_asserts (cpp/budgets.ts). The template hover adds
// this section where it shows the instantiation.
import type { Budget } from '../cpp';
import { budgetLine } from '../cpp';

/** Markdown of the budgets, one line each, a failing one marked with its assert; undefined when there are none. */
export function budgetsMarkdown(budgets: readonly Budget[]): string | undefined {
  if (!budgets.length) return undefined;
  const lines = budgets.map(
    (b) => `- ${b.pass === false ? '⚠ ' : ''}${budgetLine(b)} — \`${b.usedText} ${b.op} ${b.capacityText}\` (${b.header}:${b.line})`,
  );
  return ['**Buffers** under this instantiation (the block’s static_asserts):', ...lines].join('\n');
}
