// The span every query answers with: document offsets, start inclusive, end exclusive.
/** A span of the document, in offsets. */
export interface Span {
  start: number;
  end: number;
}
