// The C++ layer as the ide layer reads it (the API of the features is language/index.ts).
export { outcomeFields } from './scratch';
export type { ScratchResult } from './scratch';
export { budgetLine } from './budgets';
export type { Budget } from './budgets';
