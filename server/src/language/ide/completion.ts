// Completion that never fights typing (features/completion.ts turns these records into LSP items): it answers only where it has something specific
// to offer for the place the cursor is in, and its items insert plain names (never a
// snippet with parentheses), so that the `(`, `,`, `<` or Enter the user types next
// lands where they meant it.
//
//   statement start          keywords (auto, Layout, print, static_assert, using namespace tla;),
//                            names in scope, functions
//   inside an expression     names in scope, functions, type forms, `_N`
//   inside MakeLayout<…>     element types, then tags (or positions for MakeLayoutFilter)
//   inside Shape<…> etc.     `_N` and the type forms
//   nothing                  typed `,` or `<` outside `<…>` (the server is not triggered by `(`),
//                            right after `)` or a number, a new declaration's name, while typing
//                            `using namespace tla;`, in comments and #include lines
//   (after `;` only Ctrl+Space lists anything: no character there triggers completion)
import type { DocumentAnalysis } from '../analysis';
import { declarationSpan } from '../analysis';
import { BUILTIN_FUNCTIONS, ELEMENT_TYPES, POSITIONS, STATEMENT_COMPLETIONS, SUPPORTED_TAGS, TAG_DOCS, TYPE_FORMS, elementDoc } from '../syntax';
import { printValue } from '../eval';
import { statementAt } from '../analysis';

/** The kind of a completion item (the feature maps it to LSP's CompletionItemKind). */
export type CompletionKindName = 'typeParameter' | 'enumMember' | 'constant' | 'class' | 'keyword' | 'function' | 'struct' | 'variable';

export interface CompletionRecord {
  label: string;
  kind: CompletionKindName;
  detail?: string;
  /** Markdown. */
  documentation?: string;
  insertText?: string;
  filterText?: string;
  sortText?: string;
  /** After inserting, ask for completion again (the item inserts `Name<`). */
  retrigger?: boolean;
}

export interface CompletionAnswer {
  isIncomplete: boolean;
  items: CompletionRecord[];
}

/** How completion was asked for: a typed trigger character, or invoked (Ctrl+Space, typing a word). */
export interface CompletionTrigger {
  character?: string;
}

const STATIC_INTS = [0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512];

/** At most this many declared names per answer; more come as the user types (isIncomplete). */
export const MAX_NAME_ITEMS = 200;

/** Characters the server asks to be triggered on; it answers only where they open a list of its own. */
export const COMPLETION_TRIGGERS = ['<', '_', ','];

const EMPTY: CompletionAnswer = { isIncomplete: false, items: [] };

/** Functions whose every form takes `<…>`: their item inserts the name and `<`. */
/** `shape<I…>(l)` and friends: the template argument is optional, so only the name is inserted. */
const OPTIONAL_TEMPLATE = new Set(BUILTIN_FUNCTIONS.filter((f) => f.optionalTemplate).map((f) => f.name));
const TEMPLATE_ONLY = new Set(
  BUILTIN_FUNCTIONS.filter((f) => !OPTIONAL_TEMPLATE.has(f.name) && f.signatures.every((s) => /^\w+</.test(s.label))).map((f) => f.name),
);

/** The text of the current statement before the cursor: after the last `;` outside comments. */
function statementPrefix(before: string): { text: string; inComment: boolean } {
  // strip comments, remembering whether the cursor is inside one
  let out = '';
  let i = 0;
  let inComment = false;
  while (i < before.length) {
    if (before.startsWith('//', i)) {
      const nl = before.indexOf('\n', i);
      if (nl < 0) {
        inComment = true;
        break;
      }
      i = nl;
    } else if (before.startsWith('/*', i)) {
      const end = before.indexOf('*/', i + 2);
      if (end < 0) {
        inComment = true;
        break;
      }
      out += ' ';
      i = end + 2;
    } else out += before[i++];
  }
  let text = out.slice(out.lastIndexOf(';') + 1);
  // preprocessor lines belong to no statement
  const lastLine = text.slice(text.lastIndexOf('\n') + 1);
  if (/^\s*#/.test(lastLine)) return { text: lastLine, inComment };
  text = text.replace(/^(\s*#[^\n]*\n)+/, '');
  return { text, inComment };
}

/** The completion at an offset of a document's text (`a` its analysis). */
export function completionsAt(a: DocumentAnalysis, text: string, offset: number, trigger: CompletionTrigger = {}): CompletionAnswer {
  const before = text.slice(Math.max(0, offset - 2000), offset);
  const { text: stmt, inComment } = statementPrefix(before);
  if (inComment || /^\s*#/.test(stmt)) return EMPTY;
  const word = /[A-Za-z_]\w*$/.exec(stmt)?.[0] ?? '';
  const head = stmt.slice(0, stmt.length - word.length);
  const items: CompletionRecord[] = [];

  // Inside MakeLayout<…>: element types first, then tags (or positions for MakeLayoutFilter).
  const template = /(MakeLayout\w*)\s*<([^<>;()]*)$/.exec(stmt);
  if (template) {
    const argIndex = template[2].split(',').length - 1;
    const fn = template[1];
    if (argIndex === 0) {
      for (const e of ELEMENT_TYPES) items.push({ label: e, kind: 'typeParameter', detail: elementDoc(e), sortText: '0' + e });
    } else if (argIndex === 1 && fn === 'MakeLayoutFilter') {
      for (const p of POSITIONS) items.push({ label: p, kind: 'enumMember', detail: 'MakeLayoutFilter position' });
    } else if (argIndex === 1 && fn === 'MakeLayout') {
      for (const t of SUPPORTED_TAGS) items.push({ label: t, kind: 'enumMember', detail: TAG_DOCS[t] });
    }
    return { isIncomplete: false, items };
  }
  // Inside Shape<…>, Stride<…>, Layout<…>, Int<…>: static integers and the type forms.
  if (/\b(Shape|Stride|Coord|Layout|tuple|Int|C)\s*<[^;()]*$/.test(stmt) && depthOfAngles(stmt) > 0) {
    if (/^\d/.test(word)) return EMPTY;
    staticInts(items);
    typeForms(items, false);
    return { isIncomplete: false, items };
  }

  // A trigger character outside `<…>` has nothing specific to offer (`,` in an argument list).
  if (trigger.character !== undefined && trigger.character !== '_') return EMPTY;
  // Right after a finished token (`)`, `]`, `}` or a number) nothing we know can follow.
  if (!word && /[)\]}\w]$/.test(head.trimEnd())) return EMPTY;
  // A number being typed.
  if (/\d$/.test(head) && !word) return EMPTY;
  // The name of a new declaration: the user invents it.
  if (/^\s*(?:(?:static\s+)?(?:constexpr\s+)?(?:const\s+)?auto|Layout|int|int64_t|uint32_t|int32_t|uint64_t|size_t|long|unsigned)\s+$/.test(head))
    return EMPTY;
  // `using namespace tla;` is typed as it is: no list fights it.
  if (/^\s*using\b/.test(head)) return EMPTY;
  // A member access (`params.m`) or a qualifier other than tla::.
  if (/\.\s*$/.test(head) || (/::$/.test(head) && !/\btla::$/.test(head))) return EMPTY;
  const atStatementStart = /^\s*$/.test(head);

  // Names declared before the cursor, starting with the word typed so far; a big file
  // answers the first MAX_NAME_ITEMS and asks to be asked again as the word grows.
  const here = statementAt(a, offset);
  const lower = word.toLowerCase();
  let names = 0;
  let incomplete = false;
  for (const d of a.declarations.values()) {
    if (here && d.statement.index >= here.index) continue;
    if (!here && declarationSpan(a, d).start > offset) continue;
    if (lower && !d.name.toLowerCase().startsWith(lower)) continue;
    if (++names > MAX_NAME_ITEMS) {
      incomplete = true;
      break;
    }
    items.push({
      label: d.name,
      kind: d.value?.kind === 'layout' ? 'struct' : 'variable',
      detail: d.value ? printValue(d.value) : undefined,
      sortText: '0' + d.name,
    });
  }
  for (const f of BUILTIN_FUNCTIONS) {
    const detail = f.signatures.map((s) => s.label).join('  |  ');
    const documentation = f.doc;
    if (TEMPLATE_ONLY.has(f.name)) {
      items.push({
        label: f.name,
        kind: 'function',
        detail,
        documentation,
        insertText: `${f.name}<`,
        retrigger: true,
        sortText: '1' + f.name,
      });
      continue;
    }
    items.push({
      label: f.name,
      kind: 'function',
      detail,
      documentation,
      insertText: f.name === 'Product' ? 'Product{}' : f.name,
      sortText: '1' + f.name,
    });
    if (f.template && !OPTIONAL_TEMPLATE.has(f.name)) {
      // MakeLayout<Element, Tag>(rows, cols): the Catlass form, a second item inserting `MakeLayout<`
      const forms = f.signatures.filter((s) => s.label.startsWith(`${f.name}<`)).map((s) => s.label);
      items.push({
        label: `${f.name}<…>`,
        filterText: f.name,
        kind: 'function',
        detail: forms.join('  |  '),
        documentation,
        insertText: `${f.name}<`,
        retrigger: true,
        sortText: '1' + f.name + '<',
      });
    }
  }
  typeForms(items, atStatementStart);
  if (!word || word.startsWith('_')) staticInts(items);
  if (atStatementStart) {
    // (`Layout` and `print` are there already, as a type form and a function)
    for (const k of STATEMENT_COMPLETIONS) items.push({ ...k, kind: 'keyword', sortText: '5' + (k.filterText ?? k.label) });
  }
  return { isIncomplete: incomplete, items };
}

function depthOfAngles(s: string): number {
  let d = 0;
  for (const c of s) {
    if (c === '<') d++;
    else if (c === '>') d = Math.max(0, d - 1);
  }
  return d;
}

function staticInts(items: CompletionRecord[]): void {
  for (const n of STATIC_INTS) {
    items.push({
      label: `_${n}`,
      kind: 'constant',
      detail: `static integer ${n} (Int<${n}>{})`,
      sortText: '4' + String(n).padStart(4, '0'),
    });
  }
}

/** `Shape<`, `Int<`…; at a statement's start `Layout` is the declaration keyword (`Layout a = …`), so only the name. */
function typeForms(items: CompletionRecord[], atStatementStart: boolean): void {
  for (const [t, doc_] of Object.entries(TYPE_FORMS)) {
    if (t === 'Layout' && atStatementStart) items.push({ label: t, kind: 'keyword', detail: doc_, sortText: '2' + t });
    else items.push({ label: t, kind: 'class', detail: doc_, insertText: `${t}<`, retrigger: true, sortText: '2' + t });
  }
}
