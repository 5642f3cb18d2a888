/** Namespace qualifiers the language ignores (`tla::MakeShape` is MakeShape); see docs/language.md. */
export const IGNORED_QUALIFIERS = new Set(['tla', 'Catlass', 'layout', 'Arch', 'AscendC', 'std', '']);

/** A qualified name as the language names it: `tla::MakeShape` is MakeShape, `L1TileShape::M` stays whole. */
export function unqualified(text: string): string {
  if (!text.includes('::')) return text;
  const parts = text.split('::').map((p) => p.trim());
  const last = parts[parts.length - 1];
  return parts.slice(0, -1).every((q) => IGNORED_QUALIFIERS.has(q)) ? last : parts.join('::');
}

/** The namespace part of a qualified name, as written without blanks: `tla` for `tla::MakeCoord`, `` for `MakeCoord`. */
export function namespaceOf(text: string): string {
  const i = text.lastIndexOf('::');
  return i < 0 ? '' : text.slice(0, i).replace(/\s+/g, '');
}
