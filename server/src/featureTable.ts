// Every request the server answers, one row each: its method, the capability that announces
// it, the feature that answers it and whether it serves C++ files. server.ts makes both the
// initialize answer and the registrations from this one table, so a feature cannot be
// announced without being answered, or answered without being announced.
import {
  CodeActionKind,
  CodeActionParams,
  CompletionParams,
  DocumentDiagnosticParams,
  DocumentFormattingParams,
  DocumentRangeFormattingParams,
  DocumentSymbolParams,
  FoldingRangeParams,
  HoverParams,
  InlayHintParams,
  ReferenceParams,
  RenameParams,
  SemanticTokensParams,
  ServerCapabilities,
  SignatureHelpParams,
  ResponseError,
  CodeLensParams,
  DocumentHighlightParams,
  DefinitionParams,
  PrepareRenameParams,
} from 'vscode-languageserver';
import { AnalysedDocument, analysedUpTo } from './documents';
import type { Diagnostic as LanguageDiagnostic } from './language';
import type { DiagnosticsScheduler } from './diagnosticsScheduler';
import { codeActions } from './features/codeActions';
import { COMPLETION_TRIGGERS, completion } from './features/completion';
import { toLspDiagnostics } from './features/diagnostics';
import { foldingRanges } from './features/folding';
import { formatting } from './features/formatting';
import { hover } from './features/hover';
import { inlayHints } from './features/inlayHints';
import { instantiationLenses } from './features/instanceLens';
import { PICTURE_REQUEST, PictureParams, codeLenses, picture } from './features/layoutView';
import { definition, highlights, prepareRename, references, rename } from './features/navigation';
import { SCRATCHPAD_REQUEST, ScratchpadParams, scratchpad } from './features/scratchpad';
import { LEGEND, semanticTokens } from './features/semanticTokens';
import { Settings } from './features/settings';
import { signatureHelp } from './features/signatureHelp';
import { documentSymbols } from './features/symbols';

/** What the client said at initialize that changes what the server announces. */
export interface ClientAbilities {
  /** The client pulls diagnostics (textDocument/diagnostic). */
  pullDiagnostics: boolean;
}

/** What a feature reads of the server besides the document. */
export interface FeatureContext {
  settings(): Settings;
  diagnostics: DiagnosticsScheduler;
  /** A kernel's instantiation warnings known now (kernelWarnings.ts). */
  warningsOf?: (doc: AnalysedDocument) => readonly LanguageDiagnostic[];
}

export interface Feature<P extends { textDocument: { uri: string } } = { textDocument: { uri: string } }, R = unknown> {
  method: string;
  /** For logs, errors and the fault injection (TLA_LAYOUT_FAULT=<name>). */
  name: string;
  /** Its part of the initialize answer (none: a request of this extension's own protocol). */
  capability?: (client: ClientAbilities) => ServerCapabilities;
  /** The answer for a document never opened (or already closed), or a C++ file it does not serve. */
  empty: R;
  handler: (doc: AnalysedDocument, params: P, context: FeatureContext) => R | ResponseError<void>;
  /** Served in C++ files too (there only hovers, hints, certain diagnostics and the layout view). */
  inCpp: boolean;
  /** Data attached to every error answer. */
  errorData?: unknown;
  /** Whether a paused analysis already holds the answer (see requests.ts). */
  answersFromPartial?: (doc: AnalysedDocument, params: P) => boolean;
}

/** A row, typed by its request (the table holds rows of every type). */
const row = <P extends { textDocument: { uri: string } }, R>(f: Feature<P, R>) => f as unknown as Feature;

export const FEATURES: readonly Feature[] = [
  row<DocumentDiagnosticParams, unknown>({
    method: 'textDocument/diagnostic',
    name: 'diagnostics',
    // announced only to a client that pulls: the others get them pushed
    capability: (client) => (client.pullDiagnostics ? { diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false } } : {}),
    empty: { kind: 'full', items: [] },
    // `unchanged` when the report the client holds (previousResultId) is still current
    handler: (doc, p, c) =>
      c.diagnostics.report(doc.uri, toLspDiagnostics(doc.uri, doc.analysis, doc.lines, c.warningsOf?.(doc)), p.previousResultId),
    inCpp: true,
    // a failed pull is retried by the client: say so in its own terms
    errorData: { retriggerRequest: true },
  }),
  row<HoverParams, unknown>({
    method: 'textDocument/hover',
    name: 'hover',
    capability: () => ({ hoverProvider: true }),
    empty: null,
    handler: (doc, p, c) => hover(doc, p.position, c.settings()),
    inCpp: true,
    // a .tla statement reads only those before it: its hover is known once it is analysed
    answersFromPartial: (doc, p) => doc.kind !== 'cpp' && analysedUpTo(doc) > doc.lines.offset(p.position.line, p.position.character),
  }),
  row<InlayHintParams, unknown>({
    method: 'textDocument/inlayHint',
    name: 'inlay hints',
    capability: () => ({ inlayHintProvider: true }),
    empty: [],
    handler: (doc, p, c) => inlayHints(doc, p.range, c.settings()),
    inCpp: true,
    // the viewport first: the hints of the range asked are known once it is analysed
    answersFromPartial: (doc, p) => doc.kind !== 'cpp' && analysedUpTo(doc) > doc.lines.offset(p.range.end.line, p.range.end.character),
  }),
  row<CompletionParams, unknown>({
    method: 'textDocument/completion',
    name: 'completion',
    capability: () => ({ completionProvider: { triggerCharacters: COMPLETION_TRIGGERS, resolveProvider: false } }),
    empty: { isIncomplete: false, items: [] },
    handler: (doc, p) => completion(doc, p.position, p.context),
    inCpp: false,
  }),
  row<SignatureHelpParams, unknown>({
    method: 'textDocument/signatureHelp',
    name: 'signature help',
    capability: () => ({ signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [',', ')'] } }),
    empty: null,
    handler: (doc, p) => signatureHelp(doc, p.position),
    inCpp: false,
  }),
  row<DocumentSymbolParams, unknown>({
    method: 'textDocument/documentSymbol',
    name: 'document symbols',
    capability: () => ({ documentSymbolProvider: true }),
    empty: [],
    handler: (doc) => documentSymbols(doc),
    inCpp: false,
  }),
  row<DefinitionParams, unknown>({
    method: 'textDocument/definition',
    name: 'definition',
    capability: () => ({ definitionProvider: true }),
    empty: null,
    handler: (doc, p) => definition(doc, p.position),
    inCpp: false,
  }),
  row<ReferenceParams, unknown>({
    method: 'textDocument/references',
    name: 'references',
    capability: () => ({ referencesProvider: true }),
    empty: [],
    handler: (doc, p) => references(doc, p.position, p.context.includeDeclaration),
    inCpp: false,
  }),
  row<DocumentHighlightParams, unknown>({
    method: 'textDocument/documentHighlight',
    name: 'highlights',
    capability: () => ({ documentHighlightProvider: true }),
    empty: [],
    handler: (doc, p) => highlights(doc, p.position),
    inCpp: false,
  }),
  row<PrepareRenameParams, unknown>({
    method: 'textDocument/prepareRename',
    name: 'prepare rename',
    // announced with rename below
    empty: null,
    handler: (doc, p) => prepareRename(doc, p.position),
    inCpp: false,
  }),
  row<RenameParams, unknown>({
    method: 'textDocument/rename',
    name: 'rename',
    capability: () => ({ renameProvider: { prepareProvider: true } }),
    empty: null,
    handler: (doc, p) => rename(doc, p.position, p.newName),
    inCpp: false,
  }),
  row<SemanticTokensParams, unknown>({
    method: 'textDocument/semanticTokens/full',
    name: 'semantic tokens',
    capability: () => ({ semanticTokensProvider: { legend: LEGEND, full: true } }),
    empty: { data: [] },
    handler: (doc) => semanticTokens(doc),
    inCpp: false,
  }),
  row<FoldingRangeParams, unknown>({
    method: 'textDocument/foldingRange',
    name: 'folding ranges',
    capability: () => ({ foldingRangeProvider: true }),
    empty: [],
    handler: (doc) => foldingRanges(doc),
    inCpp: false,
  }),
  row<DocumentFormattingParams, unknown>({
    method: 'textDocument/formatting',
    name: 'formatting',
    capability: () => ({ documentFormattingProvider: true }),
    empty: [],
    handler: (doc) => formatting(doc),
    inCpp: false,
  }),
  row<DocumentRangeFormattingParams, unknown>({
    method: 'textDocument/rangeFormatting',
    name: 'range formatting',
    capability: () => ({ documentRangeFormattingProvider: true }),
    empty: [],
    handler: (doc, p) => formatting(doc, p.range),
    inCpp: false,
  }),
  row<CodeActionParams, unknown>({
    method: 'textDocument/codeAction',
    name: 'code actions',
    capability: () => ({
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.Refactor, CodeActionKind.RefactorRewrite] },
    }),
    empty: [],
    handler: (doc, p) => codeActions(doc, p),
    inCpp: false,
  }),
  row<CodeLensParams, unknown>({
    method: 'textDocument/codeLens',
    name: 'code lens',
    capability: () => ({ codeLensProvider: { resolveProvider: false } }),
    empty: [],
    // in C++ only the instantiation lens over a template (a kernel's layouts have no Show layout lens)
    handler: (doc) => (doc.kind === 'cpp' ? instantiationLenses(doc) : codeLenses(doc)),
    inCpp: true,
  }),
  row<PictureParams, unknown>({
    method: PICTURE_REQUEST,
    name: 'layout picture',
    empty: null,
    handler: (doc, p) => picture(doc, p),
    inCpp: true,
  }),
  row<ScratchpadParams, unknown>({
    method: SCRATCHPAD_REQUEST,
    name: 'scratchpad',
    empty: null,
    handler: (doc, p) => scratchpad(doc, p),
    inCpp: true,
  }),
];

/** The features' part of the initialize answer. */
export function capabilities(client: ClientAbilities): ServerCapabilities {
  return Object.assign({}, ...FEATURES.map((f) => f.capability?.(client) ?? {}));
}
