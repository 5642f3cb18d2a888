// The text of an open document as the server keeps it between edits. It answers as
// vscode-languageserver-textdocument's TextDocument does — the same text, positions, offsets
// and line count after the same changes, CRLF pairs split by an edit included (a test
// compares the two edit by edit; a range past the last line is taken as ending at the end of
// the text, where the library would corrupt its line table) — but applies a change without making the whole text
// again: that library joins the new text at once, and the next change reads a character of
// it, which copies all of it (800 kB a keystroke at 10,000 statements, about 1 ms each: a
// burst of 20 edits was 20 ms behind before the server read the last one). Here the text
// stays in pieces (the last whole text, and what the changes inserted) until it is read;
// the line starts are kept up to date change by change, as the library keeps them.
import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { lineStarts } from './language';
import type { TextSource } from './language';

/** text.slice(from, to) of a string the document holds. */
interface Piece {
  s: string;
  from: number;
  to: number;
}

/**
 * More pieces than this (many changes and no read): the text is joined. A piece is found by a
 * binary search of where each starts, so many cost little; a join makes a copy of the whole text
 * that an analysis holding the version before keeps alive into the old generation (800 kB at
 * 10,000 statements: with 64 pieces, once every 32 edits, a third of what bursts of edits left
 * for V8's full collections, measured in process).
 */
export const MAX_PIECES = 512;

const isEOL = (c: number) => c === 13 || c === 10;

/** How many carriage returns a string holds. */
function crsIn(s: string, from = 0, to = s.length): number {
  let n = 0;
  for (let i = s.indexOf('\r', from); i >= 0 && i < to; i = s.indexOf('\r', i + 1)) n++;
  return n;
}

/** One version of the text, as pieces (never changed: a change makes a new list). */
class PieceText implements TextSource {
  private whole: string | undefined;
  private starts: number[] | undefined;
  constructor(
    private readonly pieces: readonly Piece[],
    readonly length: number,
    readonly hasCR: boolean,
    whole?: string,
  ) {
    this.whole = whole;
  }
  slice(from: number, to: number): string {
    return this.whole !== undefined ? this.whole.slice(from, to) : sliceOf(this.pieces, (this.starts ??= startsOf(this.pieces)), from, to);
  }
  text(): string {
    if (this.whole === undefined) this.whole = joined(this.pieces);
    return this.whole;
  }
}

/** Where each piece starts in the text (ascending: no piece is empty). */
function startsOf(pieces: readonly Piece[]): number[] {
  const starts = new Array<number>(pieces.length);
  let pos = 0;
  for (let i = 0; i < pieces.length; i++) {
    starts[i] = pos;
    pos += pieces[i].to - pieces[i].from;
  }
  return starts;
}

/** The last piece that starts at or before `offset` (-1 when there is none). */
function pieceAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** text[from, to) of the pieces' text. */
function sliceOf(pieces: readonly Piece[], starts: readonly number[], from: number, to: number): string {
  const parts: string[] = [];
  for (let i = Math.max(0, pieceAt(starts, from)); i < pieces.length && starts[i] < to; i++) {
    const p = pieces[i];
    const pos = starts[i];
    const a = Math.max(from, pos);
    const b = Math.min(to, pos + p.to - p.from);
    if (a < b) parts.push(p.s.slice(p.from + a - pos, p.from + b - pos));
  }
  return parts.length === 1 ? parts[0] : parts.join('');
}

/** The pieces' text, in one string: a single copy. */
const joined = (pieces: readonly Piece[]): string => pieces.map((p) => p.s.slice(p.from, p.to)).join('');

/** A text as the list of its one piece (none for the empty text). */
const onePiece = (s: string): Piece[] => (s ? [{ s, from: 0, to: s.length }] : []);

export class EditedDocument implements TextDocument {
  private pieces: Piece[];
  /** Where each piece starts (made when first needed after a change). */
  private starts: number[] | undefined;
  /** The whole text, when it has been joined since the last change. */
  private whole: string | undefined;
  private size: number;
  private lines: number[] | undefined;
  private currentVersion: number;
  /** Carriage returns in the text. */
  private crs: number;
  /** This version's text as a source (made once a version). */
  private snapshot: PieceText | undefined;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    version: number,
    content: string,
  ) {
    this.currentVersion = version;
    this.whole = content;
    this.pieces = onePiece(content);
    this.size = content.length;
    this.crs = crsIn(content);
  }

  static create(uri: string, languageId: string, version: number, content: string): EditedDocument {
    return new EditedDocument(uri, languageId, version, content);
  }

  get version(): number {
    return this.currentVersion;
  }

  /** The text's length, without joining it. */
  get length(): number {
    return this.size;
  }

  get lineCount(): number {
    return this.lineOffsets().length;
  }

  /**
   * This version's text for an analysis to read in parts: the same object until the next
   * change, and never changed by it.
   */
  source(): TextSource {
    return (this.snapshot ??= new PieceText(this.pieces, this.size, this.crs > 0, this.whole));
  }

  getText(range?: Range): string {
    const text = this.text();
    return range ? text.substring(this.offsetAt(range.start), this.offsetAt(range.end)) : text;
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(offset, this.size), 0);
    const lines = this.lineOffsets();
    let low = 0;
    let high = lines.length;
    if (high === 0) return { line: 0, character: offset };
    // the first line that starts after the offset
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (lines[mid] > offset) high = mid;
      else low = mid + 1;
    }
    const line = low - 1;
    offset = this.beforeEOL(offset, lines[line]);
    return { line, character: offset - lines[line] };
  }

  offsetAt(position: Position): number {
    const lines = this.lineOffsets();
    if (position.line >= lines.length) return this.size;
    if (position.line < 0) return 0;
    const lineStart = lines[position.line];
    if (position.character <= 0) return lineStart;
    const next = position.line + 1 < lines.length ? lines[position.line + 1] : this.size;
    return this.beforeEOL(Math.min(lineStart + position.character, next), lineStart);
  }

  /** A line's range, without its line break (past the last line: the last line). */
  getLineRange(line: number): Range {
    const lines = this.lineOffsets();
    if (line >= lines.length) {
      const last = lines.length - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.size - lines[last] } };
    }
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const start = lines[line];
    const next = line + 1 < lines.length ? lines[line + 1] : this.size;
    return { start: { line, character: 0 }, end: { line, character: this.beforeEOL(next, start) - start } };
  }

  /** The line break that ends a line ('' for the last one, or outside the document). */
  getEOLCharacters(line: number): string {
    const lines = this.lineOffsets();
    if (line >= lines.length || line < 0) return '';
    const next = line + 1 < lines.length ? lines[line + 1] : this.size;
    return this.text().substring(this.beforeEOL(next, lines[line]), next);
  }

  /** Applies the changes of one didChange, in order (TextDocument.update's contract). */
  update(changes: TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if (isIncremental(change)) {
        const range = this.inside(wellFormed(change.range));
        const start = this.offsetAt(range.start);
        const end = this.offsetAt(range.end);
        this.replace(start, end, change.text);
        // a CRLF pair across an edit boundary: the line starts are counted again when next needed
        const insertedEnd = start + change.text.length;
        if (
          (this.charAt(start - 1) === 13 && this.charAt(start) === 10) ||
          (this.charAt(insertedEnd - 1) === 13 && this.charAt(insertedEnd) === 10)
        ) {
          this.lines = undefined;
          continue;
        }
        const lines = this.lines!; // offsetAt made them
        const startLine = Math.max(range.start.line, 0);
        const endLine = Math.max(range.end.line, 0);
        const added = lineStarts(change.text, false, start);
        if (endLine - startLine === added.length) for (let i = 0; i < added.length; i++) lines[i + startLine + 1] = added[i];
        else if (added.length < 10000) lines.splice(startLine + 1, endLine - startLine, ...added);
        else this.lines = lines.slice(0, startLine + 1).concat(added, lines.slice(endLine + 1));
        const diff = change.text.length - (end - start);
        if (diff !== 0) {
          const ls = this.lines!;
          for (let i = startLine + 1 + added.length; i < ls.length; i++) ls[i] += diff;
        }
      } else if (isFull(change)) {
        this.snapshot = undefined;
        this.crs = crsIn(change.text);
        this.whole = change.text;
        this.pieces = onePiece(change.text);
        this.starts = undefined;
        this.size = change.text.length;
        this.lines = undefined;
      } else {
        throw new Error('Unknown change event received');
      }
    }
    this.currentVersion = version;
  }

  /**
   * The range with a position on a line past the last one moved to the end of the text (where
   * its offset is): the library would write that line's start into its table of line starts
   * as if it existed, and answer NaN offsets after it. An editor sends no such range.
   */
  private inside(range: Range): Range {
    const count = this.lineCount;
    if (range.start.line < count && range.end.line < count) return range;
    const end = this.positionAt(this.size);
    return { start: range.start.line < count ? range.start : end, end: range.end.line < count ? range.end : end };
  }

  private lineOffsets(): number[] {
    return (this.lines ??= lineStarts(this.text(), true));
  }

  private text(): string {
    if (this.whole === undefined) {
      // one join: a single copy of the text, however many changes came since the last read
      // (the version's source shares it; the pieces stay, as the source holds them)
      const whole = this.snapshot ? this.snapshot.text() : joined(this.pieces);
      this.whole = whole;
    }
    return this.whole;
  }

  /** The character code at an offset (NaN outside the text, as String.charCodeAt). */
  private charAt(offset: number): number {
    if (this.whole !== undefined) return this.whole.charCodeAt(offset);
    if (offset < 0 || offset >= this.size) return NaN;
    const starts = (this.starts ??= startsOf(this.pieces));
    const i = pieceAt(starts, offset);
    const p = this.pieces[i];
    return p.s.charCodeAt(p.from + offset - starts[i]);
  }

  /** The offset moved back before the line break it follows, not before the line's start. */
  private beforeEOL(offset: number, lineStart: number): number {
    while (offset > lineStart && isEOL(this.charAt(offset - 1))) offset--;
    return offset;
  }

  /** text[start, end) replaced by `inserted`, in the pieces. */
  private replace(start: number, end: number, inserted: string): void {
    this.crs +=
      crsIn(inserted) -
      (this.whole !== undefined ? crsIn(this.whole, start, end) : crsIn(sliceOf(this.pieces, (this.starts ??= startsOf(this.pieces)), start, end)));
    this.snapshot = undefined;
    // after a read, the whole text is the one piece to cut
    const pieces = this.whole === undefined ? this.pieces : onePiece(this.whole);
    const out: Piece[] = [];
    let pos = 0;
    let placed = false;
    for (const p of pieces) {
      const len = p.to - p.from;
      const pieceEnd = pos + len;
      if (pieceEnd <= start) out.push(p);
      else {
        if (pos < start) out.push({ s: p.s, from: p.from, to: p.from + (start - pos) });
        if (!placed) {
          if (inserted) out.push({ s: inserted, from: 0, to: inserted.length });
          placed = true;
        }
        if (pieceEnd > end) out.push(pos >= end ? p : { s: p.s, from: p.from + (end - pos), to: p.to });
      }
      pos = pieceEnd;
    }
    if (!placed && inserted) out.push({ s: inserted, from: 0, to: inserted.length });
    this.pieces = out;
    this.starts = undefined;
    this.whole = undefined;
    this.size += inserted.length - (end - start);
    if (out.length > MAX_PIECES) {
      this.pieces = onePiece(this.text());
      this.starts = undefined;
    }
  }
}

function isIncremental(e: TextDocumentContentChangeEvent): e is { range: Range; rangeLength?: number; text: string } {
  const c = e as { range?: Range; rangeLength?: number; text?: unknown };
  return (
    c !== undefined &&
    c !== null &&
    typeof c.text === 'string' &&
    c.range !== undefined &&
    (c.rangeLength === undefined || typeof c.rangeLength === 'number')
  );
}

function isFull(e: TextDocumentContentChangeEvent): e is { text: string } {
  const c = e as { range?: Range; rangeLength?: number; text?: unknown };
  return c !== undefined && c !== null && typeof c.text === 'string' && c.range === undefined && c.rangeLength === undefined;
}

/** The range with its start before its end. */
function wellFormed(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : range;
}
