// Structured errors of the layout algebra. The core throws LayoutError only;
// the language layer turns it into a diagnostic pointing at `argIndex`.

export type LayoutErrorCode =
  | 'rank-mismatch'
  | 'depth-mismatch'
  | 'argument-kind'
  | 'unsupported-tag'
  | 'unsupported-element'
  | 'division-by-zero'
  | 'overflow'
  | 'index-out-of-range'
  | 'unsupported-arch'
  | 'catlass-coord';

export interface LayoutErrorDetails {
  /** Which argument of the call is at fault (0-based), when one is. */
  argIndex?: number;
  /** Ranks involved, named by role, e.g. { coord: 3, shape: 2 }. */
  ranks?: Record<string, number>;
  /** Depths involved, named by role. */
  depths?: Record<string, number>;
  /** The rank the faulty argument should have (drives the "fit the coordinate" quick fix). */
  expectedRank?: number;
  /** Mode path (indices) where the problem sits, outermost first. */
  path?: number[];
}

export class LayoutError extends Error {
  readonly code: LayoutErrorCode;
  readonly details: LayoutErrorDetails;
  constructor(code: LayoutErrorCode, message: string, details: LayoutErrorDetails = {}) {
    super(message);
    this.name = 'LayoutError';
    this.code = code;
    this.details = details;
  }
  /** The same error attributed to argument `argIndex` unless it already names one. */
  atArg(argIndex: number): LayoutError {
    if (this.details.argIndex !== undefined) return this;
    return new LayoutError(this.code, this.message, { ...this.details, argIndex });
  }
}
