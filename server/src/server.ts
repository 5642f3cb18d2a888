// The TLA layout language server: wires the features to vscode-languageserver.
// Runs in VS Code (ipc) and standalone with --stdio for any LSP editor.
import {
  CancellationToken,
  CodeActionKind,
  Connection,
  DidChangeConfigurationNotification,
  DocumentDiagnosticParams,
  DocumentDiagnosticReportKind,
  FullDocumentDiagnosticReport,
  ErrorCodes,
  LSPErrorCodes,
  ProposedFeatures,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocumentSyncKind,
  TextDocuments,
  createConnection,
} from 'vscode-languageserver/node';
import { AnalysedDocument, DocumentAnalyses, documentKind } from './documents';
import { DEBOUNCE_MS, PREPARE_MS } from './debounce';
import { EditedDocument } from './textDocument';
import { ANALYSIS_BUDGET_MS } from './language';
import { analysed, idle, released } from './memory';
import { MessageGuard } from './stdio';
import { codeActions } from './features/codeActions';
import { COMPLETION_TRIGGERS, completion } from './features/completion';
import { toLspDiagnostics } from './features/diagnostics';
import { foldingRanges } from './features/folding';
import { formatting } from './features/formatting';
import { hover } from './features/hover';
import { inlayHints } from './features/inlayHints';
import { SCRATCHPAD_REQUEST, ScratchpadAnswer, ScratchpadParams, scratchpad } from './features/scratchpad';
import { PICTURE_REQUEST, PictureParams, codeLenses, picture } from './features/layoutView';
import { definition, highlights, prepareRename, references, rename } from './features/navigation';
import { LEGEND, semanticTokens } from './features/semanticTokens';
import { signatureHelp } from './features/signatureHelp';
import { DEFAULT_SETTINGS, Settings, readSettings } from './features/settings';
import { documentSymbols } from './features/symbols';
import { WorkspaceIndexServer } from './workspaceServer';

/** Diagnostics follow typing after this pause (see debounce.ts); the last edit is always published. */
export { DEBOUNCE_MS };

export function startServer(connection: Connection): void {
  const analyses = new DocumentAnalyses();
  // a long analysis yields after this long: requests for other documents are answered between its slices
  analyses.budgetMs = ANALYSIS_BUDGET_MS;
  // A change whose version is not newer than the document's is stale (out of order): ignored.
  // Each change is applied in turn and told to the analyses (where it is), so the next
  // analysis need not compare the whole text with the previous one.
  const documents = new TextDocuments<EditedDocument>({
    create: EditedDocument.create,
    update: (doc, changes, version) => {
      if (version <= doc.version) return doc;
      if (!changes.length) doc.update(changes, version);
      for (const change of changes) {
        const before = doc.length;
        if ('range' in change) {
          const a = doc.offsetAt(change.range.start);
          const b = doc.offsetAt(change.range.end);
          doc.update([change], version);
          analyses.changed(doc.uri, before, { start: Math.min(a, b), removed: Math.abs(b - a), inserted: change.text.length });
        } else {
          doc.update([change], version);
          analyses.changed(doc.uri, before, undefined);
        }
      }
      return doc;
    },
  });
  analyses.onAnalysed = analysed;
  const workspace = new WorkspaceIndexServer(connection, documents);
  const pending = new Map<string, NodeJS.Timeout>();
  let settings: Settings = DEFAULT_SETTINGS;
  let configurationCapability = false;
  let pullDiagnostics = false;

  const log = (msg: string) => connection.console.error(`tla-layout: ${msg}`);

  /**
   * Runs one request: the document's current analysis in, the feature's answer out.
   * A cancelled request answers RequestCancelled; a bug in one feature is logged and
   * answered as an error, and the server keeps serving. A request on a document whose
   * analysis has yielded (its time budget spent) waits for the rest of it, a slice per
   * turn of the event loop, so requests on other documents are served in between; it is
   * never answered from a partial analysis.
   */
  function handle<P extends { textDocument: { uri: string } }, R>(
    name: string,
    empty: R,
    fn: (doc: AnalysedDocument, params: P) => R | ResponseError<void>,
    inCpp = false,
  ) {
    type Answer = R | ResponseError<void>;
    const cancelled = () => new ResponseError<void>(LSPErrorCodes.RequestCancelled, `${name} cancelled`);
    /** One attempt: the answer, or undefined while the document's analysis is not complete. */
    const attempt = (params: P, token?: CancellationToken): Answer | undefined => {
      if (token?.isCancellationRequested) return cancelled();
      workspace.index.requested(); // the header index waits for a quiet moment
      const doc = documents.get(params.textDocument.uri);
      if (!doc) return empty; // a document never opened (or already closed): nothing to say
      // in C++ files only hovers, hints and certain diagnostics: clangd owns the rest
      if (!inCpp && documentKind(doc) === 'cpp') return empty;
      try {
        // fault injection for the resilience tests: TLA_LAYOUT_FAULT=hover makes hover throw
        if (process.env.TLA_LAYOUT_FAULT === name) throw new Error(`injected fault in ${name}`);
        const a = analyses.get(doc);
        if (!analyses.complete(a)) return undefined;
        const answer = fn(a, params);
        quiet(doc.uri);
        return answer;
      } catch (e) {
        log(`${name} failed on ${params.textDocument.uri}: ${(e as Error).stack ?? e}`);
        return new ResponseError(ErrorCodes.InternalError, `tla-layout: ${name} failed: ${(e as Error).message}`);
      }
    };
    return (params: P, token?: CancellationToken): Answer | Promise<Answer> => {
      const now = attempt(params, token);
      if (now !== undefined) return now;
      return new Promise<Answer>((resolve) => {
        const step = () => {
          const r = attempt(params, token);
          if (r === undefined) setImmediate(step);
          else resolve(r);
        };
        setImmediate(step);
      });
    };
  }

  connection.onInitialize((params) => {
    const caps = params.capabilities;
    configurationCapability = !!caps.workspace?.configuration;
    pullDiagnostics = !!caps.textDocument?.diagnostic;
    settings = readSettings(params.initializationOptions?.settings);
    analyses.cppEnabled = settings.cpp.enabled;
    analyses.setArch(settings.arch);
    workspace.initialize(params);
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        inlayHintProvider: true,
        completionProvider: { triggerCharacters: COMPLETION_TRIGGERS, resolveProvider: false },
        signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [',', ')'] },
        documentSymbolProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        renameProvider: { prepareProvider: true },
        semanticTokensProvider: { legend: LEGEND, full: true },
        foldingRangeProvider: true,
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        codeLensProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.Refactor, CodeActionKind.RefactorRewrite] },
        ...(pullDiagnostics ? { diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false } } : {}),
      },
      serverInfo: { name: 'tla-layout', version: '0.1.0' },
    };
  });

  const refreshSettings = async () => {
    if (!configurationCapability) return;
    try {
      settings = readSettings(await connection.workspace.getConfiguration('tlaLayout'));
      workspace.configure(settings.catlass);
      const archChanged = analyses.setArch(settings.arch);
      if (analyses.cppEnabled !== settings.cpp.enabled || archChanged) {
        analyses.cppEnabled = settings.cpp.enabled;
        analyses.invalidate();
        prepared.clear();
        for (const d of documents.all()) schedule(d.uri, 0);
      }
      if (connection.languages.inlayHint) void connection.languages.inlayHint.refresh().catch(() => undefined);
    } catch (e) {
      log(`reading settings failed: ${(e as Error).message}`);
    }
  };

  connection.onInitialized(() => {
    if (configurationCapability) {
      void connection.client.register(DidChangeConfigurationNotification.type, undefined).catch(() => undefined);
      void refreshSettings();
    } else workspace.configure(settings.catlass);
  });
  connection.onDidChangeConfiguration((change) => {
    if (configurationCapability) void refreshSettings();
    else settings = readSettings((change.settings as { tlaLayout?: unknown } | undefined)?.tlaLayout);
  });

  /**
   * The diagnostics of a version, analysed and converted while the debounce still runs
   * (once the document has been quiet — no edit, no request — for PREPARE_MS), so that when
   * it ends only sending is left; while an editor keeps asking (a hover, hints after each
   * keystroke), the work would likely be for a version about to be replaced.
   * Undefined while the analysis of that version has yielded (its time budget spent): it
   * continues (continueAnalysis) and is published when complete.
   */
  const prepared = new Map<string, { version: number; diagnostics: ReturnType<typeof toLspDiagnostics> }>();
  const preparing = new Map<string, NodeJS.Timeout>();
  const lspDiagnostics = (doc: EditedDocument) => {
    const ready = prepared.get(doc.uri);
    if (ready && ready.version === doc.version) return ready.diagnostics;
    const a = analyses.get(doc);
    if (!analyses.complete(a)) return undefined;
    const diagnostics = toLspDiagnostics(doc.uri, a.analysis, a.lines);
    prepared.set(doc.uri, { version: doc.version, diagnostics });
    return diagnostics;
  };
  /** A request on a document that has diagnostics to prepare: they wait until it is quiet again (no edit, no request) for PREPARE_MS. */
  const quiet = (uri: string) => {
    const timer = preparing.get(uri);
    if (timer) timer.refresh();
  };
  const prepare = (uri: string) => {
    preparing.delete(uri);
    const doc = documents.get(uri);
    if (!doc || !pending.has(uri)) return;
    try {
      // a yielded analysis goes on when the debounce ends (publish continues it)
      lspDiagnostics(doc);
    } catch {
      /* reported by publish */
    }
  };

  /**
   * Publishing diagnostics (push mode) of an analysis that yielded (its time budget spent):
   * it continues on a later turn of the event loop, after the requests waiting meanwhile,
   * for this document or another; its diagnostics are published when it is complete. (A
   * pull, like every request, waits for the complete analysis in handle().)
   */
  const continuing = new Set<string>();
  const continueAnalysis = (uri: string) => {
    if (continuing.has(uri)) return;
    continuing.add(uri);
    setImmediate(() => {
      continuing.delete(uri);
      const doc = documents.get(uri);
      if (!doc) return;
      try {
        const a = analyses.get(doc);
        if (!analyses.complete(a)) return continueAnalysis(uri);
        publish(uri);
      } catch (e) {
        log(`analysis of ${uri} failed: ${(e as Error).stack ?? e}`);
      }
    });
  };

  /** Publishes diagnostics for the document's current version, never a stale one. */
  const publish = (uri: string) => {
    pending.delete(uri);
    clearTimeout(preparing.get(uri));
    preparing.delete(uri);
    const doc = documents.get(uri);
    if (!doc) return;
    try {
      const diagnostics = lspDiagnostics(doc);
      if (!diagnostics) return continueAnalysis(uri); // published when complete
      prepared.delete(uri);
      void connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
    } catch (e) {
      prepared.delete(uri);
      log(`analysis of ${uri} failed: ${(e as Error).stack ?? e}`);
    }
    idle();
  };
  const schedule = (uri: string, delay: number) => {
    if (pullDiagnostics) return; // the client asks when it wants them
    clearTimeout(pending.get(uri));
    pending.set(
      uri,
      setTimeout(() => publish(uri), delay),
    );
    clearTimeout(preparing.get(uri));
    if (delay > PREPARE_MS)
      preparing.set(
        uri,
        setTimeout(() => prepare(uri), PREPARE_MS),
      );
  };

  // TextDocuments fires a content change right after each open: that one must not
  // replace the immediate publish of the open by the typing debounce.
  const justOpened = new Set<string>();
  documents.onDidOpen((e) => {
    // an open replaces whatever was known of that URI, even under the same version
    analyses.forget(e.document.uri);
    prepared.delete(e.document.uri);
    justOpened.add(e.document.uri);
    schedule(e.document.uri, 0);
  });
  documents.onDidChangeContent((e) => {
    if (justOpened.delete(e.document.uri)) return;
    schedule(e.document.uri, DEBOUNCE_MS);
  });
  documents.onDidClose((e) => {
    justOpened.delete(e.document.uri);
    clearTimeout(pending.get(e.document.uri));
    pending.delete(e.document.uri);
    clearTimeout(preparing.get(e.document.uri));
    preparing.delete(e.document.uri);
    prepared.delete(e.document.uri);
    analyses.forget(e.document.uri);
    released(e.document.length);
    if (!pullDiagnostics) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  const pullHandler = handle<DocumentDiagnosticParams, FullDocumentDiagnosticReport>(
    'diagnostics',
    { kind: DocumentDiagnosticReportKind.Full, items: [] },
    (doc) => ({ kind: DocumentDiagnosticReportKind.Full, items: toLspDiagnostics(doc.uri, doc.analysis, doc.lines) }),
    true,
  );
  connection.languages.diagnostics.on(async (params, token) => {
    const r = await pullHandler(params, token);
    // a failed pull is retried by the client: say so in its own terms
    return r instanceof ResponseError ? new ResponseError(r.code, r.message, { retriggerRequest: true }) : r;
  });
  connection.onHover(handle('hover', null, (doc, p) => hover(doc, p.position, settings), true));
  connection.languages.inlayHint.on(handle('inlay hints', [], (doc, p) => inlayHints(doc, p.range, settings), true));
  connection.onCompletion(handle('completion', { isIncomplete: false, items: [] }, (doc, p) => completion(doc, p.position, p.context)));
  connection.onSignatureHelp(handle('signature help', null, (doc, p) => signatureHelp(doc, p.position)));
  connection.onDocumentSymbol(handle('document symbols', [], (doc) => documentSymbols(doc)));
  connection.onDefinition(handle('definition', null, (doc, p) => definition(doc, p.position)));
  connection.onReferences(handle('references', [], (doc, p) => references(doc, p.position, p.context.includeDeclaration)));
  connection.onDocumentHighlight(handle('highlights', [], (doc, p) => highlights(doc, p.position)));
  connection.onPrepareRename(handle('prepare rename', null, (doc, p) => prepareRename(doc, p.position)));
  connection.onRenameRequest(handle('rename', null, (doc, p) => rename(doc, p.position, p.newName)));
  connection.languages.semanticTokens.on(handle('semantic tokens', { data: [] }, (doc) => semanticTokens(doc)));
  connection.onFoldingRanges(handle('folding ranges', [], (doc) => foldingRanges(doc)));
  connection.onDocumentFormatting(handle('formatting', [], (doc) => formatting(doc)));
  connection.onDocumentRangeFormatting(handle('range formatting', [], (doc, p) => formatting(doc, p.range)));
  connection.onCodeAction(handle('code actions', [], (doc, p) => codeActions(doc, p)));
  connection.onCodeLens(handle('code lens', [], (doc) => codeLenses(doc)));
  connection.onRequest(
    PICTURE_REQUEST,
    handle<PictureParams, ReturnType<typeof picture> | null>('layout picture', null, (doc, p) => picture(doc, p), true),
  );
  connection.onRequest(
    SCRATCHPAD_REQUEST,
    handle<ScratchpadParams, ScratchpadAnswer | null>('scratchpad', null, (doc, p) => scratchpad(doc, p), true),
  );

  documents.listen(connection);
  connection.listen();
}

if (require.main === module) {
  if (process.argv.includes('--stdio')) {
    // any LSP editor: stdin through the guard that drops malformed messages
    const input = process.stdin.pipe(new MessageGuard());
    startServer(createConnection(ProposedFeatures.all, new StreamMessageReader(input), new StreamMessageWriter(process.stdout)));
    // the client went away: no orphan server
    process.stdin.on('end', () => process.exit(0));
  } else {
    startServer(createConnection(ProposedFeatures.all));
  }
}
