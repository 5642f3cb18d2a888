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
  forEachDiagnosticGroup,
  statementDetails,
} from './analysis/documentAnalysis';
export { CppAnalyzer } from './cpp/kernelAnalysis';
export { printValue } from './eval/values';
export { COMPLETION_TRIGGERS, CompletionKindName, MAX_NAME_ITEMS, completionsAt, signatureAt } from './ide/completion';
export { summarize } from './ide/describeValue';
export { occurrenceAt } from './ide/inspect';
export {
  SymbolKindName,
  TokenModifierName,
  TokenTypeName,
  definitionAt,
  foldingRegions,
  hoverAt,
  inlayHintsIn,
  layoutDeclarations,
  pictureAt,
  quickFixFor,
  refactorsAt,
  referencesAt,
  renameAt,
  semanticTokensOf,
  symbols,
} from './ide/query';
export { pictureOf, renderSvg, renderText, tileDescription } from './ide/render';
export { scratchpadAt, scratchpadErrors } from './ide/scratchpad';
export { Diagnostic } from './syntax/diagnostics';
export { formatText } from './syntax/format';
export { LineIndex, TextSource, lineStarts } from './syntax/text';
export { isCppPath } from './syntax/vocabulary';
export { Bindings, parseBindings, printBindings } from './syntax/bindings';
