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
