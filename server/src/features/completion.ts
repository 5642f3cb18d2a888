// Completion: functions (with snippets), tags, element types, names in scope, `_N`.
import { CompletionItem, CompletionItemKind, CompletionList, InsertTextFormat, MarkupKind, Position } from 'vscode-languageserver';
import { BUILTIN_FUNCTIONS, ELEMENT_TYPES, POSITIONS, SUPPORTED_TAGS, TAG_DOCS, TYPE_FORMS, elementDoc, printValue, statementAt } from '../language';
import type { AnalysedDocument } from '../documents';

const STATIC_INTS = [0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512];

/** At most this many declared names per answer; more come as the user types (isIncomplete). */
export const MAX_NAME_ITEMS = 200;

export function completion(doc: AnalysedDocument, position: Position): CompletionList {
  const offset = doc.lines.offset(position.line, position.character);
  const before = doc.text.slice(Math.max(0, offset - 200), offset);
  const items: CompletionItem[] = [];

  // Inside MakeLayout<…>: element types first, then tags (or positions for MakeLayoutFilter).
  const template = /(MakeLayout\w*)\s*<([^<>;]*)$/.exec(before);
  if (template) {
    const argIndex = template[2].split(',').length - 1;
    const fn = template[1];
    const wantElement = argIndex === 0;
    if (wantElement) {
      for (const e of ELEMENT_TYPES) items.push({ label: e, kind: CompletionItemKind.TypeParameter, detail: elementDoc(e), sortText: '0' + e });
    } else if (fn === 'MakeLayoutFilter') {
      for (const p of POSITIONS) items.push({ label: p, kind: CompletionItemKind.EnumMember, detail: 'MakeLayoutFilter position' });
    } else {
      for (const t of SUPPORTED_TAGS) items.push({ label: t, kind: CompletionItemKind.EnumMember, detail: TAG_DOCS[t] });
    }
    return { isIncomplete: false, items };
  }

  // Names declared before the cursor, starting with the word typed so far; a big file
  // answers the first MAX_NAME_ITEMS and asks to be asked again as the word grows.
  const here = statementAt(doc.analysis, offset);
  const word = (/[A-Za-z_]\w*$/.exec(before)?.[0] ?? '').toLowerCase();
  let names = 0;
  let incomplete = false;
  for (const d of doc.analysis.declarations.values()) {
    if (here && d.statement.index >= here.index) continue;
    if (!here && d.start > offset) continue;
    if (word && !d.name.toLowerCase().startsWith(word)) continue;
    if (++names > MAX_NAME_ITEMS) {
      incomplete = true;
      break;
    }
    items.push({
      label: d.name,
      kind: d.value?.kind === 'layout' ? CompletionItemKind.Struct : CompletionItemKind.Variable,
      detail: d.value ? printValue(d.value) : undefined,
      sortText: '0' + d.name,
    });
  }
  for (const f of BUILTIN_FUNCTIONS) {
    const sig = f.signatures[0];
    const hasTemplate = sig.label.includes('<') && f.name !== 'shape' && f.name !== 'stride' && f.name !== 'originShape' && f.name !== 'get' && f.name !== 'rank' && f.name !== 'depth';
    const brace = f.name === 'Product' ? '{}' : '';
    items.push({
      label: f.name,
      kind: CompletionItemKind.Function,
      detail: f.signatures.map((s) => s.label).join('  |  '),
      documentation: { kind: MarkupKind.Markdown, value: f.doc },
      insertTextFormat: InsertTextFormat.Snippet,
      insertText: hasTemplate ? `${f.name}<$1>($2)` : `${f.name}${brace}($1)`,
      sortText: '1' + f.name,
    });
  }
  for (const [t, doc_] of Object.entries(TYPE_FORMS)) {
    items.push({
      label: t,
      kind: CompletionItemKind.Class,
      detail: doc_,
      insertTextFormat: InsertTextFormat.Snippet,
      insertText: `${t}<$1>{}`,
      sortText: '2' + t,
    });
  }
  for (const t of SUPPORTED_TAGS) items.push({ label: t, kind: CompletionItemKind.EnumMember, detail: TAG_DOCS[t], sortText: '3' + t });
  for (const e of ELEMENT_TYPES) items.push({ label: e, kind: CompletionItemKind.TypeParameter, detail: elementDoc(e), sortText: '3' + e });
  for (const n of STATIC_INTS) {
    items.push({ label: `_${n}`, kind: CompletionItemKind.Constant, detail: `static integer ${n} (Int<${n}>{})`, sortText: '4' + String(n).padStart(4, '0') });
  }
  for (const kw of ['auto', 'Layout', 'static_assert', 'print', 'using namespace tla;']) {
    items.push({ label: kw, kind: CompletionItemKind.Keyword, sortText: '5' + kw });
  }
  return { isIncomplete: incomplete, items };
}
