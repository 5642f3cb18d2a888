// The `.tla` language: parsing, evaluation, diagnostics. Knows nothing of LSP.
export * from './analysis';
export type * as Ast from './ast';
export { walkExpr, statementExprs, memberPath, memberRoot } from './ast';
export * from './builtins';
export * from './diagnostics';
export * from './evaluate';
export * from './parser';
export * from './statements';
export * from './text';
export * from './describe';
export * from './inspect';
export * from './format';
export * from './toCpp';
export * from './picture';
export * from './render';
export * from './cppSource';
export * from './cppAnalysis';
export * from '../core/limits';
