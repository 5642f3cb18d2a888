// The layout algebra of Catlass's include/tla, with no dependency on the rest of the project.
export * from './errors';
export * from './inttuple';
export * as arith from './arith';
export * as symbolic from './symbolic';
export type { Sym } from './symbolic';
export * from './layout';
export * from './arch';
export * from './tensor';
export * from './catlassCoord';
export * from './catlassLayout';
export * from './tags';
export * from './predicates';
export * from './compile';
