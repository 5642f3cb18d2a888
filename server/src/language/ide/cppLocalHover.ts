// A kernel's local that the TLA analysis holds no value for — `GemmCoord blockCoord =
// matmulBlockScheduler.GetBlockCoord(loopIdx);`, `auto tensorBlockA = GetTileA(tensorA, …);` —
// hovered: what the code says of it, never a value (basic_matmul_tla.hpp:157 and :161 had no hover).

/** The coordinates of a Catlass coord type, as a kernel reads them (`blockCoord.m()`). */
const COORD_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  GemmCoord: ['m', 'n', 'k'],
  GemvCoord: ['m', 'n'],
  MatrixCoord: ['row', 'column'],
};

/** What is said of a local: the markdown after its bold name, the runtime names to offer binding, its name's span. */
export interface CppLocal {
  name: string;
  start: number;
  end: number;
  markdown: string;
  bindable: string[];
}

const WORD = /[A-Za-z0-9_]/;
const MAX_INIT_CHARS = 400;

/** The C++ local declared at `offset` (`TYPE NAME = INIT;`), when it is a Catlass coord or `auto` of a call; else undefined. */
export function cppLocalAt(text: string, offset: number): CppLocal | undefined {
  let start = offset;
  let end = offset;
  while (start > 0 && WORD.test(text[start - 1])) start--;
  while (end < text.length && WORD.test(text[end])) end++;
  const name = text.slice(start, end);
  if (!/^[A-Za-z_]\w*$/.test(name)) return undefined;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const type = /(?:^|[;{}(])\s*(?:const\s+)?((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*)\s*&?\s*$/.exec(text.slice(lineStart, start))?.[1];
  const eq = /^\s*=\s*/.exec(text.slice(end, end + 20));
  if (!type || !eq) return undefined;
  const semi = text.indexOf(';', end);
  if (semi < 0 || semi - end > MAX_INIT_CHARS) return undefined;
  const init = text
    .slice(end + eq[0].length, semi)
    .replace(/\s+/g, ' ')
    .trim();
  const bare = type.replace(/^.*::/, '');
  const members = COORD_MEMBERS[bare];
  if (members) {
    const parts = members.map((m) => `${name}.${m}()`);
    return {
      name,
      start,
      end,
      markdown: `a Catlass \`${bare}\` set at run time by \`${init}\`: its coordinates ${parts.map((p) => `\`${p}\``).join(', ')} are runtime values wherever the kernel reads them (bind one to see its tiles in numbers)`,
      bindable: parts,
    };
  }
  const call = /^((?:this->)?[A-Za-z_]\w*)\s*\(/.exec(init);
  if (bare !== 'auto' || !call) return undefined;
  const callee = call[1].replace(/^this->/, '');
  const line = definitionLine(text, callee, end);
  const where = line ? `a function of this file (line ${line})` : 'a function';
  const inside = line ? ': hover inside its body for the values it makes' : '';
  return {
    name,
    start,
    end,
    markdown: `the value \`${callee}(…)\` returns — ${where} whose calls the TLA analysis does not evaluate, so no value is shown here${inside}`,
    bindable: [],
  };
}

/** The 1-based line where `callee` is defined in `text` (`… callee(params) {`), not the call at `from`. */
function definitionLine(text: string, callee: string, from: number): number | undefined {
  const def = new RegExp(`\\b${callee}\\s*\\(([^;{}]*)\\)\\s*(?:const\\s*)?(?:noexcept\\s*)?\\{`, 'g');
  for (let m = def.exec(text); m; m = def.exec(text)) {
    if (m.index <= from && from <= m.index + m[0].length) continue;
    return text.slice(0, m.index).split('\n').length;
  }
  return undefined;
}
