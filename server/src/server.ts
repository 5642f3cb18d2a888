// The TLA layout language server: wires the features to vscode-languageserver.
// Runs in VS Code (ipc) and standalone with --stdio for any LSP editor.
import {
  Connection,
  DidChangeConfigurationNotification,
  ProposedFeatures,
  TextDocumentSyncKind,
  TextDocuments,
  createConnection,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyses } from './documents';
import { toLspDiagnostics } from './features/diagnostics';

const DEBOUNCE_MS = 120;

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const analyses = new DocumentAnalyses();
  const pending = new Map<string, NodeJS.Timeout>();
  let configurationCapability = false;

  connection.onInitialize((params) => {
    configurationCapability = !!params.capabilities.workspace?.configuration;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
      },
      serverInfo: { name: 'tla-layout', version: '0.1.0' },
    };
  });

  connection.onInitialized(() => {
    if (configurationCapability) {
      void connection.client.register(DidChangeConfigurationNotification.type, undefined);
    }
  });

  /** Publishes diagnostics for the document's current version, never a stale one. */
  const publish = (uri: string) => {
    pending.delete(uri);
    const doc = documents.get(uri);
    if (!doc) return;
    try {
      const a = analyses.get(doc);
      void connection.sendDiagnostics({ uri, version: doc.version, diagnostics: toLspDiagnostics(uri, a.analysis, a.lines) });
    } catch (e) {
      connection.console.error(`tla-layout: analysis of ${uri} failed: ${(e as Error).stack ?? e}`);
    }
  };

  const schedule = (uri: string, delay: number) => {
    clearTimeout(pending.get(uri));
    pending.set(uri, setTimeout(() => publish(uri), delay));
  };

  documents.onDidOpen((e) => schedule(e.document.uri, 0));
  documents.onDidChangeContent((e) => schedule(e.document.uri, DEBOUNCE_MS));
  documents.onDidClose((e) => {
    clearTimeout(pending.get(e.document.uri));
    pending.delete(e.document.uri);
    analyses.forget(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  documents.listen(connection);
  connection.listen();
}

if (require.main === module) {
  startServer(createConnection(ProposedFeatures.all));
}
