// Completion: language's completionsAt (which answers only where it has something specific
// to offer, with items that insert plain names), as LSP CompletionItems.
import {
  CompletionContext,
  CompletionItem,
  CompletionItemKind,
  CompletionList,
  CompletionTriggerKind,
  MarkupKind,
  Position,
} from 'vscode-languageserver';
import { CompletionKindName, completionsAt } from '../language';
import type { AnalysedDocument } from '../documents';

export { COMPLETION_TRIGGERS, MAX_NAME_ITEMS } from '../language';

const KIND: Record<CompletionKindName, CompletionItemKind> = {
  typeParameter: CompletionItemKind.TypeParameter,
  enumMember: CompletionItemKind.EnumMember,
  constant: CompletionItemKind.Constant,
  class: CompletionItemKind.Class,
  keyword: CompletionItemKind.Keyword,
  function: CompletionItemKind.Function,
  struct: CompletionItemKind.Struct,
  variable: CompletionItemKind.Variable,
};
const TRIGGER_SUGGEST = { title: 'more', command: 'editor.action.triggerSuggest' };

export function completion(doc: AnalysedDocument, position: Position, context?: CompletionContext): CompletionList {
  const offset = doc.lines.offset(position.line, position.character);
  const character = context?.triggerKind === CompletionTriggerKind.TriggerCharacter ? (context.triggerCharacter ?? '') : undefined;
  const answer = completionsAt(doc.analysis, doc.text, offset, { character });
  return {
    isIncomplete: answer.isIncomplete,
    items: answer.items.map((r) => {
      const item: CompletionItem = { label: r.label, kind: KIND[r.kind] };
      if (r.filterText !== undefined) item.filterText = r.filterText;
      if (r.detail !== undefined) item.detail = r.detail;
      if (r.documentation !== undefined) item.documentation = { kind: MarkupKind.Markdown, value: r.documentation };
      if (r.insertText !== undefined) item.insertText = r.insertText;
      if (r.retrigger) item.command = TRIGGER_SUGGEST;
      if (r.sortText !== undefined) item.sortText = r.sortText;
      return item;
    }),
  };
}
