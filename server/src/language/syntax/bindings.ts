// Runtime names bound to numbers: shared/bindings.ts, which the extension reads too.
export * from '../../../../shared/bindings';
