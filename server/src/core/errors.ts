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

/**
 * An error that is an answer, not a fault: thrown and caught on the normal path (an overflow the
 * user wrote, a template that stays unknown), so it records no stack trace. Capturing one is most
 * of what making an Error costs, and a 10,000-statement document or a kernel's templates make
 * thousands of them.
 */
export class Signal extends Error {
  constructor(message?: string) {
    const limit = V8Error.stackTraceLimit;
    V8Error.stackTraceLimit = 0;
    super(message);
    V8Error.stackTraceLimit = limit;
  }
}
/** V8's Error (the core's lib knows only the standard's). */
const V8Error = Error as ErrorConstructor & { stackTraceLimit: number };

export class LayoutError extends Signal {
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
