// The protocol floor: a language server that keeps documents in sync (as the real one
// does, with the same library) and answers every request with an empty result.
// bench/run.mjs bundles it like dist/server.js and measures the same client against
// both, so the difference is the real server's own work.
import { TextDocumentSyncKind, TextDocuments, createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

connection.onInitialize(() => ({
  capabilities: {
    textDocumentSync: TextDocumentSyncKind.Incremental,
    hoverProvider: true,
    inlayHintProvider: true,
    completionProvider: { triggerCharacters: ['<', '_', ',', '('] },
  },
  serverInfo: { name: 'tla-layout-floor', version: '0' },
}));
// "Diagnostics" of every version: none, published at once, without a debounce (the floor
// of open → diagnostics and of edit → that version's diagnostics).
const publish = (doc: TextDocument) => void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: [] });
documents.onDidOpen((e) => publish(e.document));
documents.onDidChangeContent((e) => {
  if (e.document.version > 1) publish(e.document);
});
connection.onHover(() => null);
connection.languages.inlayHint.on(() => []);
connection.onCompletion(() => []);

documents.listen(connection);
connection.listen();
