// Offsets ↔ LSP positions for one analysed document.
import type { Range } from 'vscode-languageserver';
import { LineIndex } from '../language';

export function toRange(lines: LineIndex, start: number, end: number): Range {
  return { start: lines.position(start), end: lines.position(end) };
}
