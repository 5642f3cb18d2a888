// Runtime names bound to numbers by the user: `m = 1000`, `params.k = 512`,
// `blockCoord.m() = 2`, a loop index `kIdx = 3`. Written as `m=1000,n=2000` (the CLI's --bind,
// the tlaLayout.bindings setting) or in a comment of the file, `// tla: m=1000 n=2000 k=512`.
// A bound name evaluates as that runtime integer (a dynamic value: `1000`, never `_1000`).
// Here, in shared/, because the server evaluates with them and the extension's status bar says
// which are in force; both read them the same way.

/** Bound names and their values; the names as a kernel writes them (`params.k`, `blockCoord.m()`). */
export type Bindings = ReadonlyMap<string, bigint>;

export const NO_BINDINGS: Bindings = new Map();

/** `name = integer`, the name a kernel's runtime value goes by: `m`, `params.k`, `blockCoord.m()`. */
const ENTRY = /^([A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*)*(?:\(\))?)=(-?\d+)$/;

/** `m=1000,n=2000` or `m=1000 n=2000`: the bindings, and each piece that is not `name=integer`. */
export function parseBindings(text: string): { bindings: Map<string, bigint>; rejected: string[] } {
  const bindings = new Map<string, bigint>();
  const rejected: string[] = [];
  // blanks around `=` and `.` belong to the entry: `m = 1000`, `params . k=2`
  const squeezed = text.replace(/\s*(=|\.|->)\s*/g, '$1').replace(/\s*\(\s*\)/g, '()');
  for (const piece of squeezed.split(/[\s,;]+/)) {
    if (!piece) continue;
    const m = ENTRY.exec(piece);
    if (m) bindings.set(m[1].replace(/->/g, '.'), BigInt(m[2]));
    else rejected.push(piece);
  }
  return { bindings, rejected };
}

/** Where a `// tla: …` comment is: the line's text after `tla:`. */
const COMMENT = /\/\/[ \t]*tla:[ \t]*([^\n\r]*)/g;

/** The bindings of every `// tla: m=1000 n=2000` comment of a file, later ones over earlier ones. */
export function bindingsInComments(text: string): Map<string, bigint> {
  const out = new Map<string, bigint>();
  if (!text.includes('tla:')) return out;
  for (const m of text.matchAll(COMMENT)) for (const [k, v] of parseBindings(m[1]).bindings) out.set(k, v);
  return out;
}

/** `m=1000, n=2000`: bindings as the status bar and the hover write them. */
export function printBindings(b: Bindings): string {
  return [...b].map(([k, v]) => `${k}=${v}`).join(', ');
}

/** The bindings of `over` on those of `under` (a file's comment over the setting, the CLI's over both). */
export function mergeBindings(under: Bindings, over: Bindings): Bindings {
  if (!over.size) return under;
  if (!under.size) return over;
  return new Map([...under, ...over]);
}

/** `**` any folders, `*` any name part, `?` one character: a file pattern of the tlaLayout.bindings setting. */
function globRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  // matched against the end of the path: `*.hpp` anywhere, `kernels/*.hpp` in any kernels/ folder
  return new RegExp(`(?:^|/)${re}$`);
}

/**
 * The tlaLayout.bindings setting for one file: `{ "**\/kernels/*.hpp": "m=1000 n=2000" }`, every
 * pattern that matches the file's path, later ones over earlier ones.
 */
export function bindingsForPath(patterns: Readonly<Record<string, string>>, filePath: string): Bindings {
  const out = new Map<string, bigint>();
  for (const [glob, text] of Object.entries(patterns)) {
    if (typeof text !== 'string' || !globRegExp(glob).test(filePath)) continue;
    for (const [k, v] of parseBindings(text).bindings) out.set(k, v);
  }
  return out;
}
