// The "TLA: Show Layout" webview panel: asks the server for the picture of a
// declaration, follows the document live, and reveals statements on request.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

const PICTURE_REQUEST = 'tlaLayout/picture';
const REFRESH_MS = 150;

interface Target {
  uri: string;
  name: string;
}

export class LayoutView {
  private panel: vscode.WebviewPanel | undefined;
  private target: Target | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ready = false;
  private queued: unknown;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly client: () => LanguageClient | undefined,
  ) {
    context.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.panel && this.target && e.document.uri.toString() === this.target.uri) this.schedule();
      }),
    );
  }

  /** Shows the layout declared as `name` in `uri`, or the declaration under the cursor. */
  async show(uri?: string, name?: string): Promise<void> {
    if (!uri) {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.document.languageId !== 'tla-layout') {
        void vscode.window.showInformationMessage('TLA: Show Layout works on a .tla file: place the cursor on a layout declaration.');
        return;
      }
      uri = editor.document.uri.toString();
      const answer = await this.request({ textDocument: { uri }, position: editor.selection.active });
      if (!answer?.name) {
        void vscode.window.showInformationMessage(answer?.reason ?? 'TLA: no layout declaration under the cursor.');
        return;
      }
      name = answer.name;
    }
    this.target = { uri, name: name! };
    if (!this.panel) this.panel = this.createPanel();
    else this.panel.reveal(vscode.ViewColumn.Beside, true);
    this.panel.title = `Layout: ${name}`;
    await this.refresh();
  }

  private createPanel(): vscode.WebviewPanel {
    const media = vscode.Uri.joinPath(this.context.extensionUri, 'dist');
    const panel = vscode.window.createWebviewPanel('tlaLayout.view', 'Layout', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: [media],
      retainContextWhenHidden: true,
    });
    const nonce = Array.from({ length: 32 }, () => Math.floor(Math.random() * 36).toString(36)).join('');
    const script = panel.webview.asWebviewUri(vscode.Uri.joinPath(media, 'webview.js'));
    const csp = [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src ${panel.webview.cspSource} 'nonce-${nonce}'`,
      `img-src ${panel.webview.cspSource} data:`,
      `font-src ${panel.webview.cspSource}`,
    ].join('; ');
    this.ready = false;
    panel.webview.html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Layout</title>
<style nonce="${nonce}">${STYLE}</style>
</head><body>
<div id="app" role="application" aria-label="Layout view"><p id="status">Loading…</p></div>
<script nonce="${nonce}" src="${script}"></script>
</body></html>`;
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.target = undefined;
    }, undefined, this.context.subscriptions);
    panel.webview.onDidReceiveMessage(async (m: { type: string }) => {
      if (m.type === 'ready') {
        this.ready = true;
        if (this.queued) void panel.webview.postMessage(this.queued);
      } else if (m.type === 'reveal') await this.reveal();
    }, undefined, this.context.subscriptions);
    return panel;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), REFRESH_MS);
  }

  private async request(params: unknown): Promise<{ name: string | null; picture: unknown; reason: string | null; range: vscode.Range | null; version: number } | null> {
    const c = this.client();
    if (!c) return null;
    try {
      return await c.sendRequest(PICTURE_REQUEST, params);
    } catch (e) {
      return { name: null, picture: null, reason: `the server could not draw it: ${(e as Error).message}`, range: null, version: -1 };
    }
  }

  private async refresh(): Promise<void> {
    if (!this.panel || !this.target) return;
    const answer = await this.request({ textDocument: { uri: this.target.uri }, name: this.target.name });
    const message = { type: 'picture', name: this.target.name, answer };
    this.queued = message;
    if (this.ready) void this.panel?.webview.postMessage(message);
  }

  private async reveal(): Promise<void> {
    if (!this.target) return;
    const answer = await this.request({ textDocument: { uri: this.target.uri }, name: this.target.name });
    const r = answer?.range as unknown as { start: { line: number; character: number }; end: { line: number; character: number } } | null;
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(this.target.uri));
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, preserveFocus: false });
    if (r) {
      const range = new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
      editor.selection = new vscode.Selection(range.start, range.end);
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
  }
}

// Follows the VS Code theme through its CSS variables.
const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); margin: 0; padding: 8px 12px; }
h1 { font-size: 1.1em; margin: 4px 0; font-weight: 600; }
code, .mono { font-family: var(--vscode-editor-font-family); }
#facts { color: var(--vscode-descriptionForeground); margin-bottom: 6px; }
.toolbar { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin: 6px 0; }
button, select, input { background: var(--vscode-button-secondaryBackground, var(--vscode-input-background)); color: var(--vscode-button-secondaryForeground, var(--vscode-input-foreground)); border: 1px solid var(--vscode-input-border, transparent); padding: 2px 8px; font: inherit; }
button[aria-pressed="true"] { background: var(--vscode-button-background); color: var(--vscode-button-foreground); }
input { width: 5em; }
#stage { position: relative; overflow: auto; max-height: calc(100vh - 150px); border: 1px solid var(--vscode-panel-border, #8884); }
canvas { display: block; image-rendering: pixelated; }
canvas:focus { outline: 1px solid var(--vscode-focusBorder); }
#tooltip { position: fixed; pointer-events: none; background: var(--vscode-editorHoverWidget-background); color: var(--vscode-editorHoverWidget-foreground); border: 1px solid var(--vscode-editorHoverWidget-border); padding: 4px 8px; font-family: var(--vscode-editor-font-family); white-space: pre; display: none; z-index: 10; }
#legend { color: var(--vscode-descriptionForeground); margin-top: 6px; }
.error { color: var(--vscode-errorForeground); }
`;
