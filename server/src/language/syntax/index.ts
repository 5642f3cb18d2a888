export * as Ast from './ast';
export { memberPath, memberRoot } from './ast';
export { Diagnostic, DiagnosticCode, Severity, severityOf } from './diagnostics';
export { Lexer, TLA_LEXER, TokenKind, maxNesting, mayNestBeyond, nestingLimit } from './lexer';
export { ParseResult, parseStatement, parseValidStatement } from './parser';
export { StatementChunk, declaredNameOf, splitInto, splitStatements } from './statements';
export { StringSource, TextSource, lineStarts } from './text';
export {
  BUILTIN_BY_NAME,
  CATLASS_MAKE_COORD,
  BUILTIN_FUNCTIONS,
  BuiltinName,
  CATLASS_CONSTANTS,
  CPP_CONSTANT_TYPES,
  ELEMENT_TYPES,
  INTEGER_TYPES,
  INTEGER_TYPE_CPP,
  LAYOUT_TYPE_FORMS,
  NOT_A_NAME,
  POSITIONS,
  STATEMENT_COMPLETIONS,
  SUPPORTED_TAGS,
  TAG_CLASS_NAMES,
  TAG_DOCS,
  TAG_MEMBER_FUNCTIONS,
  TUPLE_TYPE_FORMS,
  TYPE_FORMS,
  closest,
  elementDoc,
} from './vocabulary';
export { Bindings, NO_BINDINGS, bindingsInComments, mergeBindings, parseBindings, printBindings } from './bindings';
