// The language's API for the LSP features, the server and the CLI: plain records, no LSP types.
// Each layer has its own index (syntax → eval → analysis → cpp → ide); tests may import a layer's modules directly.
export { ANALYSIS_BUDGET_MS } from '../core/limits';
export {
  Analyzer,
  ChangeHint,
  ChangedRange,
  DocumentAnalysis,
  StatementAnalysis,
  emptyAnalysis,
  forEachDiagnosticStatement,
  pausedDiagnostic,
  pointsElsewhere,
  relatedSpans,
  statementDetails,
  statementDiagnostics,
  declarationSpan,
} from './analysis/documentAnalysis';
export { CppAnalyzer } from './cpp/kernelAnalysis';
export { printValue } from './eval/values';
export { printCatlassCoordCpp } from '../core';
export { COMPLETION_TRIGGERS, CompletionKindName, MAX_NAME_ITEMS, completionsAt } from './ide/completion';
export { signatureAt } from './ide/signatureHelp';
export { summarize } from './ide/describeValue';
export { budgetsMarkdown } from './ide/budgetHover';
export { occurrenceAt } from './ide/inspect';
export { quickFixFor, quickFixesFor, refactorsAt } from './ide/codeActions';
export { foldingRegions } from './ide/folding';
export { hoverAt, runtimeNames } from './ide/hover';
export { inlayHintsIn } from './ide/inlayHints';
export { layoutDeclarations, pictureAt } from './ide/layoutView';
export { definitionAt, referencesAt, renameAt } from './ide/navigation';
export { TokenModifierName, TokenTypeName, semanticTokensOf } from './ide/semanticTokens';
export { SymbolKindName, symbols } from './ide/symbols';
export { pictureOf, renderSvg, renderText, tileDescription } from './ide/render';
export { scratchpadAt, scratchpadErrors } from './ide/scratchpad';
export { Diagnostic } from './syntax/diagnostics';
export { formatText } from './syntax/format';
export { LineIndex, TextSource, lineStarts } from './syntax/text';
export { isCppPath } from './syntax/vocabulary';
export { Bindings, bindingsForPath, parseBindings, printBindings } from './syntax/bindings';
export {
  EncodedFacts,
  FactsSummary,
  HeaderIndex,
  summarizeFacts,
  HeaderFacts,
  headerFacts,
  headerNameUnder,
  includesOfText,
  indexIncludes,
  ReadFile,
  evaluateScratch,
  outcomeFields,
  ScratchResult,
  Outcome,
  siteScratchText,
  instanceMembers,
  InstanceMember,
  withHeaders,
  operatorCallRegion,
  namesOfClass,
  instantiationWarnings,
  instantiationWarningSteps,
  instanceBindings,
  copyMemberBodies,
  namesAscend950,
  Budget,
  BudgetPart,
  budgetLine,
  budgetsOf,
  formatBytes,
  instanceBudgets,
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
} from './cpp/templates';
export { summarizeTla } from './cpp/tlaBridge';
export {
  HoverSection,
  Differing,
  InstanceGroup,
  InstanceLens,
  InstanceSite,
  InstanceView,
  instanceLenses,
  instanceSectionsAt,
  instancesSectionsAt,
  pendingInstancesSection,
  scratchValueAt,
  templateArguments,
} from './ide/templateValues';
