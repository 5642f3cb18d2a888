// The limits of analysis, in one place (for the core and the language alike): the `.tla`
// analysis (analysis.ts), the TLA found in C++ (cppAnalysis.ts), the symbolic integers
// (core/symbolic.ts), the hover and the inlay hints read them from here. Past a limit the analysis says so with a `limit-exceeded` diagnostic at the
// place of the limit (or, for a symbolic expression, an opaque symbol that the hover
// explains), and the rest of the document is still served.

/**
 * Deeper bracket nesting (or a longer run of prefix operators) than this is refused before parsing
 * (the parser recurses). The guard that measures it reads tokens: `maxNesting` in language/lexer.ts.
 */
export const MAX_NESTING = 200;

/**
 * A symbolic integer of more terms than this, or whose normal form is longer than
 * MAX_SYMBOLIC_CHARS, is not expanded: it becomes an opaque symbol ‹…› (the hover says so).
 * Without it `(a+1)·(a+1)` squared twelve times has 4,097 terms of huge coefficients.
 */
export const MAX_SYMBOLIC_TERMS = 32;
export const MAX_SYMBOLIC_CHARS = 1024;

/** A hover's text (and an inlay hint's tooltip) is cut at this many characters (with a note that it was cut). */
export const MAX_HOVER_CHARS = 20_000;

/** An inlay hint's label is cut at this many characters (with an ellipsis); VS Code shows 43 by default. */
export const MAX_HINT_LABEL_CHARS = 1_000;

/**
 * One TLA expression in C++ longer than this many characters is not analysed (a call left
 * open at the top of a header reaches to the end of the file: each keystroke would parse
 * the rest of the file again).
 */
export const MAX_CPP_EXPRESSION_CHARS = 20_000;

/**
 * Time one analysis (a `.tla` or a C++ document) may take in the server before it yields:
 * what is left is analysed by the next call (the server continues on its next turn, after
 * the requests waiting for other documents), reusing everything already done. Requests on
 * the document itself wait for the complete analysis.
 */
export const ANALYSIS_BUDGET_MS = 250;

/** Bytes that the caches of one document may hold beyond what its current text needs. */
export const CACHE_SLACK_BYTES = 8 * 1024 * 1024;

/** The message of a limit-exceeded diagnostic names the limit: "… at most N …". */
export const limitMessages = {
  brackets: (depth: number) => `brackets nested ${depth} deep; at most ${MAX_NESTING} levels are analysed`,
  prefix: (depth: number) => `prefix operators (signs or casts) nested ${depth} deep; at most ${MAX_NESTING} levels are analysed`,
  stack: () =>
    `expression nested too deeply to analyse (thousands of operators in a chain); at most ${MAX_NESTING} levels of brackets or prefix operators, and chains the stack can hold, are analysed`,
  length: (chars: number) =>
    `TLA expression of ${chars} characters; at most ${MAX_CPP_EXPRESSION_CHARS} characters are analysed (is a bracket left open?)`,
  budget: (ms: number) => `analysis paused here after ${ms} ms (at most ${ANALYSIS_BUDGET_MS} ms at a time); the rest of the file follows`,
};

/** Lone `\r` line ends as `\n` (the same length, so every offset stays): `//` comments and `#` lines end at either. */
export const normalizeLineEnds = (text: string): string => (text.indexOf('\r') < 0 ? text : text.replace(/\r(?!\n)/g, '\n'));
