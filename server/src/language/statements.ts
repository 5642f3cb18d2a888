// Splits a `.tla` file into statements at `;`, respecting comments and strings,
// so each statement is parsed (and cached) on its own. The language has no
// construct with `;` inside brackets, so every `;` ends a statement: an unclosed
// bracket then stays inside its own statement instead of swallowing the file.

export interface StatementChunk {
  /** Offset of the statement's first non-blank character in the file. */
  start: number;
  /** Offset just past the statement's last character (its `;` when terminated). */
  end: number;
  text: string;
  /** false when the statement ran into the next one or the end of file without `;`. */
  terminated: boolean;
  /** `#include …` and other preprocessor lines: accepted, no effect. */
  preprocessor: boolean;
}

// A line that starts with one of these begins a new statement even
// when the previous one lacks its `;` (the quick fix then inserts it).
const STATEMENT_START =
  /(?:auto\b|const\b|constexpr\b|static_assert\b|using\b|print\s*\(|#|(?:Layout|Shape|Stride|Coord|uint32_t|int64_t|int)\b[^=;(\n]*?[A-Za-z_]\w*\s*=(?!=)|[A-Za-z_]\w*\s*=(?!=))/y;

/**
 * The statements of text[from, to). A caller re-splitting a region of an edited document
 * starts it right after a `;` (lineStart false) or at the top (lineStart true): the state
 * the whole-file scan has there.
 */
const copyOf = (s: string): string => (s.length < 13 ? s : (' ' + s).slice(1));

export function splitStatements(text: string, from = 0, to = text.length, lineStart = true): StatementChunk[] {
  const chunks: StatementChunk[] = [];
  const n = to;
  let i = from;
  let start = -1; // first significant char of the current statement
  let lastSignificantEnd = -1; // end of the last non-blank, non-comment char in the statement
  let atLineStart = lineStart;

  const push = (end: number, terminated: boolean, preprocessor = false) => {
    // a copy, not a slice: a slice would keep this whole version of the document alive for
    // as long as the statement is reused by later analyses
    if (start >= 0) chunks.push({ start, end, text: copyOf(text.slice(start, end)), terminated, preprocessor });
    start = -1;
    lastSignificantEnd = -1;
  };

  while (i < n) {
    const ch = text.charCodeAt(i);
    // newline handling
    if (ch === 10 /* \n */) {
      atLineStart = true;
      i++;
      continue;
    }
    if (ch === 32 || ch === 9 || ch === 13) {
      i++;
      continue;
    }
    // comments
    if (ch === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? n : nl;
      continue;
    }
    if (ch === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
      continue;
    }
    if (atLineStart) {
      atLineStart = false;
      if (ch === 35 /* # */) {
        // A preprocessor line closes any open statement and stands alone.
        if (start >= 0) push(lastSignificantEnd, false);
        const nl = text.indexOf('\n', i);
        const end = nl < 0 ? n : nl;
        start = i;
        push(text.slice(i, end).trimEnd().length + i, true, true);
        i = end;
        continue;
      }
      if (start >= 0) {
        STATEMENT_START.lastIndex = i; // sticky: matches at i, no slice of the text
        if (STATEMENT_START.test(text)) push(lastSignificantEnd, false);
      }
    }
    if (start < 0) start = i;
    if (ch === 34 /* " */ || ch === 39 /* ' */) {
      // string or char literal: skip to the closing quote on the same line
      let j = i + 1;
      while (j < n && text.charCodeAt(j) !== ch && text.charCodeAt(j) !== 10) j += text.charCodeAt(j) === 92 ? 2 : 1;
      i = Math.min(j + 1, n);
      lastSignificantEnd = i;
      continue;
    }
    if (ch === 59 /* ; */) {
      i++;
      push(i, true);
      continue;
    }
    i++;
    lastSignificantEnd = i;
  }
  if (start >= 0) push(lastSignificantEnd, false);
  return chunks;
}
