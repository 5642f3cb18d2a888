// The limits of analysis, in one place (for the core and the language alike): the `.tla`
// analysis (analysis.ts), the TLA found in C++ (cppAnalysis.ts), the symbolic integers
// (core/symbolic.ts), the hover and the inlay hints read them from here. Past a limit the analysis says so with a `limit-exceeded` diagnostic at the
// place of the limit (or, for a symbolic expression, an opaque symbol that the hover
// explains), and the rest of the document is still served.

/** Deeper bracket nesting (or a longer run of prefix operators) than this is refused before parsing (the parser recurses). */
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
  length: (chars: number) => `TLA expression of ${chars} characters; at most ${MAX_CPP_EXPRESSION_CHARS} characters are analysed (is a bracket left open?)`,
  budget: (ms: number) => `analysis paused here after ${ms} ms (at most ${ANALYSIS_BUDGET_MS} ms at a time); the rest of the file follows`,
};

const CAST = /^\(\s*(?:int64_t|uint64_t|int32_t|uint32_t|size_t|int|long|unsigned)\s*\)/;

/** How deep the parser would recurse: brackets, and runs of prefix operators and casts. */
export function maxNesting(text: string): { brackets: number; prefix: number } {
  let d = 0;
  let max = 0;
  let prefixMax = 0;
  let prefixRun = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 45 || c === 43) {
      // '-' or '+': a run of them nests unary operators
      prefixMax = Math.max(prefixMax, ++prefixRun);
      continue;
    }
    if (c === 40 && (text.charCodeAt(i + 1) === 105 || text.charCodeAt(i + 1) === 117 || text.charCodeAt(i + 1) === 115 || text.charCodeAt(i + 1) === 108 || text.charCodeAt(i + 1) === 32)) {
      const m = CAST.exec(text.slice(i, i + 24));
      if (m) {
        prefixMax = Math.max(prefixMax, ++prefixRun);
        i += m[0].length - 1;
        continue;
      }
    }
    if (c > 32) prefixRun = 0;
    if (c === 40 || c === 91 || c === 123 || c === 60) max = Math.max(max, ++d);
    else if (c === 41 || c === 93 || c === 125 || c === 62) d = Math.max(0, d - 1);
  }
  return { brackets: max, prefix: prefixMax };
}

/** The limit-exceeded message for a text nested beyond MAX_NESTING, or undefined when it is within. */
export function nestingLimit(text: string): string | undefined {
  const deep = maxNesting(text);
  if (deep.brackets > MAX_NESTING) return limitMessages.brackets(deep.brackets);
  if (deep.prefix > MAX_NESTING) return limitMessages.prefix(deep.prefix);
  return undefined;
}

/** Lone `\r` line ends as `\n` (the same length, so every offset stays): `//` comments and `#` lines end at either. */
export const normalizeLineEnds = (text: string): string => (text.indexOf('\r') < 0 ? text : text.replace(/\r(?!\n)/g, '\n'));
