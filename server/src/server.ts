// The TLA layout language server: wires the features to vscode-languageserver.
// Runs in VS Code (ipc) and standalone with --stdio for any LSP editor. What it answers is
// the feature table (featureTable.ts); when it sends diagnostics, the scheduler
// (diagnosticsScheduler.ts); how a request meets its document's analysis, requests.ts.
import {
  Connection,
  DidChangeConfigurationNotification,
  ParameterStructures,
  ProposedFeatures,
  RequestType,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocumentSyncKind,
  TextDocuments,
  createConnection,
  CodeLensRefreshRequest,
  WorkDoneProgressServerReporter,
} from 'vscode-languageserver/node';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DocumentAnalyses } from './documents';
import { DiagnosticsScheduler } from './diagnosticsScheduler';
import { DEBOUNCE_MS } from './debounce';
import { EditedDocument } from './textDocument';
import { ANALYSIS_BUDGET_MS, HeaderIndex, isCppPath } from './language';
import { analysed, growing } from './memory';
import { MessageGuard } from './stdio';
import { DIAGNOSTICS_JSON } from './diagnosticsJson';
import { FEATURES, FeatureContext, capabilities } from './featureTable';
import { requestHandler } from './requests';
import { DEFAULT_SETTINGS, Settings, readSettings } from './features/settings';
import { PROGRESS_EVERY_MS, WorkspaceIndexServer } from './workspaceServer';
import { TemplateInstances } from './templateInstances';
import { KernelWarnings, afterWrites } from './kernelWarnings';
import { BackgroundWorkAnswer, BackgroundWorkRequest, InstantiationChoices, InstantiationsNotification } from '../../shared/protocol';

/** The editor quiet this long (no request), the remaining candidate sites of a header already showing values are resolved. */
const QUIET_MS = 300;
/** … and one is resolved at least this often while the editor keeps asking. */
const MAX_WAIT_MS = 1000;

/** The client's choices as sent (template → site): anything else in them is left out. */
function readChoices(raw: unknown): InstantiationChoices {
  if (!raw || typeof raw !== 'object') return {};
  return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Diagnostics follow typing after this pause (see debounce.ts); the last edit is always published. */
export { DEBOUNCE_MS };

/**
 * The open documents. A change whose version is not newer than the document's is stale (out
 * of order): ignored. Each change is applied in turn and told to the analyses (where it is),
 * so the next analysis need not compare the whole text with the previous one.
 */
function openDocuments(analyses: DocumentAnalyses): TextDocuments<EditedDocument> {
  return new TextDocuments<EditedDocument>({
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
}

const filePath = (uri: string) => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined);

/**
 * A header's template body under the workspace's one instantiation of it (templateInstances.ts):
 * the analyses ask it, the editor is told when an answer is ready, the open C++ files' sites
 * are their editors' (a new site counts before it is saved).
 */
function templateInstances(
  connection: Connection,
  documents: TextDocuments<EditedDocument>,
  analyses: DocumentAnalyses,
  workspace: WorkspaceIndexServer,
  diagnostics: DiagnosticsScheduler,
  settings: () => Settings,
  written: () => Promise<unknown>,
  activity: RequestActivity,
) {
  // the workspace's header index, once it holds headers
  const siteHeaders = () => {
    const h = workspace.headers();
    return h.roots.length && h.index.fileCount ? { index: h.index, root: h.roots[0], arch: settings().arch } : undefined;
  };
  // a site's resolution is one long turn: it starts only when no request is being answered, and once the header
  // shows an instantiation's values, only after the editor has been quiet a moment (the sites left only count in the lens)
  // (but never longer than MAX_WAIT_MS: an editor that keeps asking still gets the whole answer)
  const whenQuiet = (run: () => void, urgent: boolean) => {
    const since = performance.now();
    const go = () => {
      const now = performance.now();
      const wait = activity.inFlight || (!urgent && now - activity.lastRequest < QUIET_MS && now - since < MAX_WAIT_MS);
      if (wait) setTimeout(go, urgent ? 1 : 20);
      else run();
    };
    setTimeout(go, 0);
  };
  const instances = new TemplateInstances(siteHeaders, whenQuiet, workspace.siteResolver);
  analyses.instanceOf = (uri, text) => {
    const p = filePath(uri);
    // a header under an include root, or a workspace C++ file with its own templates (resolved with its facts)
    return p && (workspace.index.covers(p) || isCppPath(p)) ? instances.instanceOf(p, text) : undefined;
  };
  instances.changed = (p) => {
    diagnostics.invalidated([pathToFileURL(p).href]);
    if (connection.languages.inlayHint) void connection.languages.inlayHint.refresh().catch(() => undefined);
    // the lens over the template names the instantiation used
    if (wired.codeLensRefresh) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  };
  // work-done progress while the sites are found and resolved (the editor shows the server is at work, and when it is done)
  let reporter: Promise<WorkDoneProgressServerReporter | undefined> | undefined;
  let reportedAt = 0;
  instances.onWork = () => {
    const w = instances.work;
    if (!w) {
      const r = reporter;
      reporter = undefined;
      void r?.then((p) => p?.done());
      return;
    }
    const text = w.total ? `${w.message} ${w.done ?? 0}/${w.total}` : w.message;
    const pct = w.total ? Math.floor((100 * (w.done ?? 0)) / w.total) : undefined;
    if (!reporter) {
      reportedAt = performance.now();
      reporter = connection.window.createWorkDoneProgress().then(
        (r) => (r.begin('Catlass instantiations', pct, text, false), r),
        () => undefined, // the client refused the token: no progress shown, the work goes on
      );
      return;
    }
    const now = performance.now();
    if (now - reportedAt < PROGRESS_EVERY_MS) return;
    reportedAt = now;
    void reporter.then((r) => r?.report(pct ?? 0, text));
  };
  // the user's choices of instantiations (the client keeps them per workspace and sends them all)
  connection.onNotification(InstantiationsNotification.method, (p: { choices?: unknown }) => instances.choose(readChoices(p?.choices), true));
  // a kernel's instantiation sites that certainly fail to compile: warnings, published when computed
  // (worked out once the diagnostics being sent are written: a kernel's first diagnostics do not wait for its warnings)
  const warnings = new KernelWarnings(siteHeaders, afterWrites(written));
  // a kernel's sites, not the library's own headers (their sites are the templates' dependent ones), nor a
  // file over the index's size limit: a file's sites are resolved in one turn, which a request would wait for
  analyses.siteWarnings = (uri, text) => {
    const p = filePath(uri);
    if ((p && workspace.index.covers(p)) || text.length > settings().catlass.index.maxFileBytes) return [];
    return warnings.warningsOf(uri, text);
  };
  warnings.changed = (uri) => diagnostics.invalidated([uri]);
  documents.onDidClose((e) => warnings.forget(e.document.uri));
  workspace.onIndexChanged = () => {
    instances.invalidate();
    analyses.invalidate();
    warnings.invalidate();
    diagnostics.invalidated(documents.all().map((d) => d.uri));
  };
  // (only a C++ file's text is read whole here: a .tla document's is read in parts)
  const openSites = (uri: string, text: () => string | undefined) => {
    const p = filePath(uri);
    if (p && isCppPath(p)) instances.setOpen(p, text());
  };
  documents.onDidChangeContent((e) => openSites(e.document.uri, () => e.document.getText()));
  documents.onDidClose((e) => openSites(e.document.uri, () => undefined));
  const wired = {
    /** The workspace folders (from initialize). */
    folders: [] as string[],
    /** Walks the folders for sites again (after the include roots are known or changed). */
    findSites: () => void instances.configure(wired.folders, workspace.headers().roots),
    /** Whether an instantiation or a kernel's site warnings are still being worked out. */
    busy: () => ({ instances: instances.busy, warnings: warnings.busy }),
    /** The client refreshes its code lenses when asked (workspace.codeLens.refreshSupport). */
    codeLensRefresh: false,
    /** The choices the client saved (initializationOptions.instantiations). */
    choose: (choices: unknown) => instances.choose(readChoices(choices), true),
  };
  return wired;
}

/** What the editor is asking now: the background work waits for a quiet moment. */
interface RequestActivity {
  /** The editor's requests being answered now (one waiting for its document's analysis is one). */
  inFlight: number;
  /** performance.now() when the editor's last request was asked or answered. */
  lastRequest: number;
}

/** Every feature's request handler (featureTable.ts), counted in `activity`. */
function listenToFeatures(
  connection: Connection,
  requests: Parameters<typeof requestHandler>[0],
  context: FeatureContext,
  workspace: WorkspaceIndexServer,
  activity: RequestActivity,
): void {
  // (typed by name, as the library's own request types are: a request without params answers InvalidParams)
  for (const f of FEATURES) {
    const type = new RequestType<Parameters<typeof f.handler>[1], unknown, unknown>(f.method, ParameterStructures.byName);
    const handler = requestHandler(requests, f, (doc, p) => f.handler(doc, p, context));
    // the header index waits for a quiet moment while the editor asks
    connection.onRequest(type, (p, token) => {
      workspace.index.requested();
      activity.lastRequest = performance.now();
      const answer = handler(p, token);
      if (!(answer instanceof Promise)) return ((activity.lastRequest = performance.now()), answer);
      activity.inFlight++;
      // (the quiet moment counts from the answer: the editor asks its next question after it)
      return answer.finally(() => (activity.inFlight--, (activity.lastRequest = performance.now())));
    });
  }
}

export function startServer(connection: Connection): void {
  const analyses = new DocumentAnalyses();
  // a long analysis yields after this long: requests for other documents are answered between its slices
  analyses.budgetMs = ANALYSIS_BUDGET_MS;
  analyses.onAnalysed = analysed;
  analyses.onCold = growing;
  const documents = openDocuments(analyses);
  const log = (msg: string) => connection.console.error(`tla-layout: ${msg}`);
  const host = { document: (uri: string) => documents.get(uri), analyses, log };
  // the Catlass headers of the workspace, indexed off the request path (workspaceServer.ts)
  const workspace = new WorkspaceIndexServer(connection, documents, new HeaderIndex());
  // a scratchpad's `#include "catlass/…"` reads that one index
  analyses.headersOf = () => workspace.scratchHeaders();
  // the last diagnostics sent, written when this settles (the instantiation warnings wait for it)
  let lastWrite: Promise<void> = Promise.resolve();
  const diagnostics = new DiagnosticsScheduler({
    ...host,
    send: (uri, version, list) => void (lastWrite = connection.sendDiagnostics({ uri, version, diagnostics: list })),
    refresh: () => {
      if (refreshSupport) void connection.languages.diagnostics.refresh().catch(() => undefined);
    },
  });
  let settings: Settings = DEFAULT_SETTINGS;
  const activity: RequestActivity = { inFlight: 0, lastRequest: -Infinity };
  const instances = templateInstances(
    connection,
    documents,
    analyses,
    workspace,
    diagnostics,
    () => settings,
    () => lastWrite,
    activity,
  );
  let configurationCapability = false;
  let refreshSupport = false;

  connection.onInitialize((params) => {
    const caps = params.capabilities;
    configurationCapability = !!caps.workspace?.configuration;
    diagnostics.pull = !!caps.textDocument?.diagnostic;
    refreshSupport = !!caps.workspace?.diagnostics?.refreshSupport;
    settings = readSettings(params.initializationOptions?.settings);
    analyses.cppEnabled = settings.cpp.enabled;
    analyses.setArch(settings.arch);
    analyses.setBindingPatterns(settings.bindings);
    workspace.initialize(params);
    instances.codeLensRefresh = !!caps.workspace?.codeLens?.refreshSupport;
    instances.choose(params.initializationOptions?.instantiations);
    instances.folders = (params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : [])).flatMap((u) => filePath(u) ?? []);
    return {
      capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental, ...capabilities({ pullDiagnostics: diagnostics.pull }) },
      serverInfo: { name: 'tla-layout', version: '0.1.0' },
    };
  });

  const refreshSettings = async () => {
    if (!configurationCapability) return;
    try {
      settings = readSettings(await connection.workspace.getConfiguration('tlaLayout'));
      workspace.configure(settings.catlass);
      instances.findSites();
      // (both run: a new arch or new bindings each start the analyzers afresh; a new include root indexes afresh, then refreshes)
      const archChanged = [analyses.setArch(settings.arch), analyses.setBindingPatterns(settings.bindings)].some(Boolean);
      if (analyses.cppEnabled !== settings.cpp.enabled || archChanged) {
        analyses.cppEnabled = settings.cpp.enabled;
        analyses.invalidate();
        diagnostics.invalidated(documents.all().map((d) => d.uri));
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
    } else {
      workspace.configure(settings.catlass);
      instances.findSites();
    }
  });
  connection.onDidChangeConfiguration((change) => {
    if (configurationCapability) void refreshSettings();
    else settings = readSettings((change.settings as { tlaLayout?: unknown } | undefined)?.tlaLayout);
  });

  documents.onDidOpen((e) => diagnostics.opened(e.document.uri));
  documents.onDidChangeContent((e) => diagnostics.changed(e.document.uri));
  documents.onDidClose((e) => diagnostics.closed(e.document.uri, e.document.length));

  const context: FeatureContext = {
    settings: () => settings,
    diagnostics,
    warningsOf: (doc) => analyses.warningsOf(doc),
  };
  listenToFeatures(connection, { ...host, quiet: (uri: string) => diagnostics.quiet(uri) }, context, workspace, activity);

  connection.onRequest(BackgroundWorkRequest.method, (): BackgroundWorkAnswer => ({
    index: workspace.index.status(false).state,
    ...instances.busy(),
  }));

  documents.listen(connection);
  connection.listen();
}

if (require.main === module) {
  if (process.argv.includes('--stdio')) {
    // any LSP editor: stdin through the guard that drops malformed messages
    const input = process.stdin.pipe(new MessageGuard());
    // the diagnostics of each version written mostly from the JSON of the version before (diagnosticsJson.ts)
    const output = new StreamMessageWriter(process.stdout, { charset: 'utf-8', contentTypeEncoder: DIAGNOSTICS_JSON });
    startServer(createConnection(ProposedFeatures.all, new StreamMessageReader(input), output));
    // the client went away: no orphan server
    process.stdin.on('end', () => process.exit(0));
  } else {
    startServer(createConnection(ProposedFeatures.all));
  }
}
