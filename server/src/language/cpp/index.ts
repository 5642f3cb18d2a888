// The C++ layer as the ide layer reads it (the API of the features is language/index.ts).
export { outcomeFields } from './scratch';
export type { ScratchResult } from './scratch';
export { CppAnalyzer } from './kernelAnalysis';
export type { CppAnalysis } from './kernelAnalysis';
export { integerOf, loopOf } from './loops';
export type { LoopHeader } from './loops';
