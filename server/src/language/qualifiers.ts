/** Namespace qualifiers the language ignores (`tla::MakeShape` is MakeShape); see docs/language.md. */
export const IGNORED_QUALIFIERS = new Set(['tla', 'Catlass', 'layout', 'Arch', 'AscendC', 'std', '']);
