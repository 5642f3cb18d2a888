// What the layers after cpp/ (ide/) read of it.
export { CppAnalyzer } from './kernelAnalysis';
export type { CppAnalysis } from './kernelAnalysis';
export { integerOf, loopOf } from './loops';
export type { LoopHeader } from './loops';
