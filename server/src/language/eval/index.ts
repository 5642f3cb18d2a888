export { StatementEvaluator } from './evaluator';
export { SHORT_INTEGER } from './typeForm';
export {
  ARCH_MACRO,
  Binding,
  Environment,
  EvalResult,
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
