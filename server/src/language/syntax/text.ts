// Offsets ↔ line/column, shared by the CLI and the server.

/**
 * The offsets (from `base`) where the lines of `text` start — after each \n, \r\n or lone \r,
 * as LSP clients count them — and `base` itself first when the text starts a line.
 */
export function lineStarts(text: string, atLineStart: boolean, base = 0): number[] {
  const out = atLineStart ? [base] : [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    if (c === 13 && i + 1 < text.length && text.charCodeAt(i + 1) === 10) i++;
    out.push(base + i + 1);
  }
  return out;
}

export class LineIndex {
  private readonly lineStarts: number[];
  constructor(readonly text: string) {
    this.lineStarts = lineStarts(text, true);
  }
  /** 0-based line and character (UTF-16 units, as LSP counts them). */
  position(offset: number): { line: number; character: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - this.lineStarts[lo] };
  }
  offset(line: number, character: number): number {
    if (line < 0) return 0;
    if (line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[line];
    let end = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] : this.text.length;
    // the line's own text, without its line break
    if (end > start && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return Math.min(start + Math.max(0, character), end);
  }
  get lineCount(): number {
    return this.lineStarts.length;
  }
}

/**
 * A version of a document's text, read in parts: an incremental analysis reads only the
 * regions an edit touched and the length, so the whole text — a new string of the whole
 * document a version — is made only when something reads all of it (`text()`).
 */
export interface TextSource {
  readonly length: number;
  /** Whether it holds a carriage return (a lone one is a line end the analysis normalises: then it reads the whole text). */
  readonly hasCR: boolean;
  slice(from: number, to: number): string;
  /** The whole text (made once, when first asked). */
  text(): string;
}

/** A string as a TextSource. */
export class StringSource implements TextSource {
  constructor(readonly string: string) {}
  get length(): number {
    return this.string.length;
  }
  private cr: boolean | undefined;
  get hasCR(): boolean {
    return (this.cr ??= this.string.indexOf('\r') >= 0);
  }
  slice(from: number, to: number): string {
    return this.string.slice(from, to);
  }
  text(): string {
    return this.string;
  }
}
