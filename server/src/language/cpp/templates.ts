// The template side of the language's API: a `.tla` file or a kernel's instantiation site
// evaluated with a Catlass include directory (the CLI's `--include DIR`, `--instance FILE:LINE`).
export { EncodedFacts, FactsSummary, HeaderIndex, summarizeFacts } from './headerIndex';
export { HeaderFacts, headerFacts } from './headerFacts';
export { headerNameUnder, includesOfText, indexIncludes, ReadFile } from './includes';
export { evaluateScratch, outcomeFields, ScratchResult, Outcome } from './scratch';
export { siteScratchText, instanceMembers, instanceBindings, copyMemberBodies, InstanceMember, namesAscend950, namesOfClass } from './instanceSite';
export { withHeaders } from './headerAnalysis';
export { operatorCallRegion } from './operatorCalls';
export { instantiationWarnings, instantiationWarningSteps } from './siteWarnings';
export { Budget, BudgetPart, budgetLine, budgetsOf, formatBytes, instanceBudgets } from './budgets';
export {
  CallBindings,
  CallHeaders,
  FunctionCall,
  FunctionParam,
  FunctionTemplate,
  MAX_CALL_DEPTH,
  callBindings,
  callsOfText,
  functionAt,
  functionTemplatesOf,
  withBindings,
} from './functionInstances';
