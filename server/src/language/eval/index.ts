export {
  ARCH_MACRO,
  Binding,
  Environment,
  EvalResult,
  LocalDiagnostic,
  NodeValue,
  StatementEvaluator,
  Value,
  exactProduct,
  printValue,
  usingNamespaceName,
} from './evaluator';
