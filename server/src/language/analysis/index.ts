export {
  Analyzer,
  Declaration,
  DocumentAnalysis,
  StatementAnalysis,
  StatementDetails,
  declarationSpan,
  entryBytes,
  placedAnalysis,
  statementAt,
  statementDetails,
} from './documentAnalysis';
export { ARCH_MACRO, EvaluationMemo, USING_BINDING, archBinding, evaluateRecording, readsHold } from './evaluationMemo';
export { bindingOf, isAssignment } from './assignments';
