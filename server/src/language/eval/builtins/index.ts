// Every builtin function's implementation, by family. The table is a Record of every name of
// the vocabulary: tsc rejects a vocabulary function without an implementation here.
import type { BuiltinName } from '../../syntax';
import type { Builtin } from '../context';
import { INTEGERS_BUILTINS } from './integers';
import { LAYOUTS_BUILTINS } from './layouts';
import { TENSORS_BUILTINS } from './tensors';
import { TUPLES_BUILTINS } from './tuples';

export const BUILTINS: Readonly<Record<BuiltinName, Builtin>> = {
  ...TUPLES_BUILTINS,
  ...LAYOUTS_BUILTINS,
  ...TENSORS_BUILTINS,
  ...INTEGERS_BUILTINS,
};
