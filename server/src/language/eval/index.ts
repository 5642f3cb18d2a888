export { StatementEvaluator } from './evaluator';
export { SHORT_INTEGER } from './typeForm';
export {
  ARCH_MACRO,
  Binding,
  Environment,
  EvalResult,
  FileFunction,
  LocalDiagnostic,
  NodeValue,
  Value,
  exactProduct,
  kindName,
  printValue,
  usingNamespaceName,
  unqualifiedName,
  FOUND_IN,
} from './values';
