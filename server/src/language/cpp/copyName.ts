// A selected specialisation's name as the goldens write it (README, v3 `tile_copy`): the
// template's name and its specialisation arguments as declared, each shortened — a tla::Tensor
// over an AscendC tensor becomes its position (`A1`, or `A1<float>` when the element is a
// type), `std::enable_if_t<COND>` becomes COND, `::value` and the namespace prefixes go.
import type { ClassDecl } from './headerFacts';

const PREFIXES = [
  'Catlass::Arch::',
  'Arch::',
  'Catlass::layout::',
  'layout::',
  'Catlass::',
  'tla::detail::',
  'tla::',
  'AscendC::Std::',
  'AscendC::TPosition::',
  'AscendC::',
  'std::',
  'ScaleGranularity::',
  'CopyL0CToUBMode::',
];

/** The index of the `>` closing the `<` at i (angle brackets only). */
function closing(s: string, i: number): number {
  let d = 0;
  for (let j = i; j < s.length; j++) {
    if (s[j] === '<') d++;
    else if (s[j] === '>' && --d === 0) return j;
  }
  return -1;
}

/** Top-level comma-separated parts of a template argument list's text. */
function splitArgs(s: string): string[] {
  const out: string[] = [];
  let d = 0;
  let a = 0;
  for (let j = 0; j < s.length; j++) {
    if (s[j] === '<' || s[j] === '(') d++;
    else if (s[j] === '>' || s[j] === ')') d--;
    else if (s[j] === ',' && d === 0) {
      out.push(s.slice(a, j));
      a = j + 1;
    }
  }
  out.push(s.slice(a));
  return out;
}

function shortenTensors(s: string, params: ReadonlySet<string>): string {
  const head = 'tla::Tensor<';
  for (let i = s.indexOf(head); i >= 0; i = s.indexOf(head, i + 1)) {
    const end = closing(s, i + head.length - 1);
    if (end < 0) break;
    const parts = splitArgs(s.slice(i + head.length, end));
    const storage = /^AscendC::(?:Global|Local)Tensor<(.+)>$/.exec(parts[0] ?? '');
    const pos = /^AscendC::TPosition::(\w+)$/.exec(parts[3] ?? '');
    if (parts.length !== 4 || !storage || !pos) continue;
    const e = storage[1];
    const short = params.has(e) ? pos[1] : `${pos[1]}<${e}>`;
    s = s.slice(0, i) + short + s.slice(end + 1);
  }
  return s;
}

function shortenEnableIf(s: string): string {
  for (const head of ['std::enable_if_t<', 'enable_if_t<']) {
    for (let i = s.indexOf(head); i >= 0; i = s.indexOf(head)) {
      const end = closing(s, i + head.length - 1);
      if (end < 0) break;
      s = s.slice(0, i) + s.slice(i + head.length, end) + s.slice(end + 1);
    }
  }
  return s;
}

export function shortenArgument(text: string, params: ReadonlySet<string>): string {
  let s = shortenEnableIf(shortenTensors(text, params));
  s = s.replace(/::value\b/g, '');
  for (const p of PREFIXES) s = s.split(p).join('');
  return s.replace(/\s+/g, ' ').trim();
}

/** `TileCopyTla<AtlasA2, GM, A1, isRowMajor<LayoutSrc> && iszN<ElementDst, LayoutDst>>`, or the name of a primary or plain class. */
export function copyName(decl: ClassDecl): string {
  if (!decl.specTexts) return decl.name;
  const params = new Set((decl.params ?? []).map((p) => p.name));
  return `${decl.name}<${decl.specTexts.map((t) => shortenArgument(t, params)).join(', ')}>`;
}
