// The "TLA: Show Layout" webview panel: one panel, asked for the picture of a declaration,
// following the document live and the cursor from declaration to declaration; it reveals
// statements on request. "TLA: Show Layout to the Side" moves it beside the editor.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { FromWebview, PictureAnswer, PictureParams, PictureRequest, Request, ToWebview } from '../../shared/protocol';
import { adoptFileValues } from '../../shared/steppers';
import { viewColumnFor } from '../../shared/viewColumn';

const REFRESH_MS = 150;
/** Where a layout can be shown from: .tla files and the TLA inside C++ kernels. */
const LANGUAGES = new Set(['tla-layout', 'cpp', 'c']);
const FOLLOW_MS = 250;

interface Target {
  uri: string;
  name: string;
}

/**
 * What VS Code hands the Show Layout commands, by where they were run from: nothing (the
 * palette, a key binding); the document's uri string and the declared name (our code lens);
 * a `vscode.Uri` of the editor's document, then an `{ groupId }` object (editor-title buttons,
 * the editor context menu). Only the code lens names a declaration; everything else means
 * "the declaration under the cursor of the editor showing that document".
 */
export function showLayoutArguments(args: readonly unknown[]): { uri?: string; name?: string; document?: vscode.Uri } {
  const [first, second] = args;
  if (typeof first === 'string' && typeof second === 'string') return { uri: first, name: second };
  if (first instanceof vscode.Uri) return { document: first };
  return {};
}

/** A typed custom request (see shared/protocol.ts). */
export async function send<P, R>(client: LanguageClient, r: Request<P, R>, params: P): Promise<R> {
  return client.sendRequest<R>(r.method, params);
}

export class LayoutView {
  private panel: vscode.WebviewPanel | undefined;
  private target: Target | undefined;
  private timer: NodeJS.Timeout | undefined;
  private followTimer: NodeJS.Timeout | undefined;
  private ready = false;
  private queued: ToWebview | undefined;
  /**
   * The stepper's values (`kIdx` → 3): bindings of this view only, for its target, sent with each
   * picture request and never written to the file; a new target starts them afresh.
   */
  private stepped = new Map<string, number>();
  /** The file's values of the stepped names in the last answer (adoptFileValues). */
  private fileValues = new Map<string, number | null>();
  /** The group the panel is in, or was in when closed: reopened, it lands there (viewColumnFor). */
  private lastColumn: vscode.ViewColumn | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly client: () => LanguageClient | undefined,
  ) {
    context.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.panel && this.target && e.document.uri.toString() === this.target.uri) this.schedule();
      }),
      // the panel follows the cursor: onto another layout declaration, it shows that one
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (!this.panel || !LANGUAGES.has(e.textEditor.document.languageId)) return;
        if (!vscode.workspace.getConfiguration('tlaLayout').get<boolean>('layoutView.followCursor', true)) return;
        clearTimeout(this.followTimer);
        this.followTimer = setTimeout(() => void this.follow(e.textEditor), FOLLOW_MS);
      }),
    );
  }

  /**
   * Shows the layout declared as `name` in `uri`, or the declaration under the cursor, in the one
   * panel. `args` are the command's arguments, whatever menu ran it (see showLayoutArguments).
   */
  async show(args: readonly unknown[], column?: vscode.ViewColumn): Promise<void> {
    const given = showLayoutArguments(args);
    let { uri, name } = given;
    const { document } = given;
    let from = vscode.window.activeTextEditor?.viewColumn;
    if (!uri || !name) {
      // the editor of the document the menu was opened on (the active one for the palette)
      const active = vscode.window.activeTextEditor;
      const editor =
        document && active?.document.uri.toString() !== document.toString()
          ? vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === document.toString())
          : active;
      if (!editor || !LANGUAGES.has(editor.document.languageId)) {
        void vscode.window.showInformationMessage('TLA: Show Layout works on a .tla file or a C++ kernel: place the cursor on a layout declaration.');
        return;
      }
      uri = editor.document.uri.toString();
      from = editor.viewColumn;
      const answer = await this.request({ textDocument: { uri }, position: editor.selection.active });
      if (!answer?.name) {
        void vscode.window.showInformationMessage(answer?.reason ?? 'TLA: no layout declaration under the cursor.');
        return;
      }
      name = answer.name;
    }
    this.retarget({ uri, name });
    if (!this.panel) this.panel = this.createPanel(this.columnFrom(from));
    // the same panel where it is; "to the side": where it is unless that is the editor's group
    else this.panel.reveal(column === undefined ? undefined : this.columnFrom(from), true);
    this.panel.title = `Layout: ${name}`;
    await this.refresh();
  }

  /** Where the view goes from an editor in group `from`: its own group, else the one beside, else a new group beside. */
  private columnFrom(from: vscode.ViewColumn | undefined): vscode.ViewColumn {
    const open = vscode.window.tabGroups.all.map((g) => g.viewColumn);
    return viewColumnFor(from, this.panel?.viewColumn ?? this.lastColumn, open) ?? vscode.ViewColumn.Beside;
  }

  /** "TLA: Show Layout to the Side". */
  showToSide(args: readonly unknown[]): Promise<void> {
    return this.show(args, vscode.ViewColumn.Beside);
  }

  private async follow(editor: vscode.TextEditor): Promise<void> {
    if (!this.panel) return;
    const uri = editor.document.uri.toString();
    const answer = await this.request({ textDocument: { uri }, position: editor.selection.active });
    // only onto a layout that has a picture; elsewhere the panel keeps what it shows
    if (!answer?.name || !answer.picture || (this.target?.uri === uri && this.target.name === answer.name)) return;
    this.retarget({ uri, name: answer.name });
    this.panel.title = `Layout: ${answer.name}`;
    if (answer.steppers?.length) await this.refresh();
    else this.post({ type: 'picture', name: answer.name, answer });
  }

  /** Shows another declaration: the stepper's values were the last one's. */
  private retarget(target: Target): void {
    if (this.target?.uri !== target.uri || this.target.name !== target.name) {
      this.stepped.clear();
      this.fileValues.clear();
    }
    this.target = target;
  }

  private createPanel(column: vscode.ViewColumn): vscode.WebviewPanel {
    const media = vscode.Uri.joinPath(this.context.extensionUri, 'dist');
    const panel = vscode.window.createWebviewPanel(
      'tlaLayout.view',
      'Layout',
      { viewColumn: column, preserveFocus: true },
      {
        enableScripts: true,
        localResourceRoots: [media],
        retainContextWhenHidden: true,
      },
    );
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
    this.lastColumn = panel.viewColumn ?? this.lastColumn;
    panel.onDidChangeViewState((e) => (this.lastColumn = e.webviewPanel.viewColumn ?? this.lastColumn), undefined, this.context.subscriptions);
    panel.onDidDispose(
      () => {
        this.panel = undefined;
        this.target = undefined;
      },
      undefined,
      this.context.subscriptions,
    );
    panel.webview.onDidReceiveMessage(
      async (m: FromWebview) => {
        if (m.type === 'ready') {
          this.ready = true;
          if (this.queued) void panel.webview.postMessage(this.queued);
        } else if (m.type === 'reveal') await this.reveal();
        else if (m.type === 'bind' && typeof m.name === 'string' && this.target)
          await vscode.commands.executeCommand('tlaLayout.bind', m.name, this.target.uri);
        else if (m.type === 'step' && Number.isSafeInteger(m.value)) {
          this.stepped.set(m.name, m.value);
          await this.refresh();
        }
      },
      undefined,
      this.context.subscriptions,
    );
    return panel;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), REFRESH_MS);
  }

  private async request(params: PictureParams): Promise<PictureAnswer | null> {
    const c = this.client();
    if (!c) return null;
    try {
      return await send(c, PictureRequest, params);
    } catch (e) {
      return { name: null, picture: null, reason: `the server could not draw it: ${(e as Error).message}`, range: null, version: -1 };
    }
  }

  private post(message: ToWebview): void {
    this.queued = message;
    if (this.ready) void this.panel?.webview.postMessage(message);
  }

  private async refresh(): Promise<void> {
    if (!this.panel || !this.target) return;
    const target = this.target;
    let answer = await this.request(this.pictureParams(target));
    // a stepped name starts at the value the file or the setting binds it to, else where its loop
    // does (0 where the file says no start): a picture at once
    const fresh = answer?.steppers?.filter((st) => !this.stepped.has(st.name)) ?? [];
    for (const st of fresh) this.stepped.set(st.name, st.value ?? st.start);
    // a name the file now binds otherwise ("Bind kIdx…" wrote its comment): the view shows the bound value
    const adopted = adoptFileValues(this.stepped, this.fileValues, answer?.steppers ?? []);
    if (fresh.length || adopted) answer = await this.request(this.pictureParams(target));
    if (this.target === target) this.post({ type: 'picture', name: target.name, answer });
  }

  private pictureParams(target: Target): PictureParams {
    const bindings = Object.fromEntries([...this.stepped].map(([k, v]) => [k, String(v)]));
    return { textDocument: { uri: target.uri }, name: target.name, ...(this.stepped.size ? { bindings } : {}) };
  }

  private async reveal(): Promise<void> {
    if (!this.target) return;
    const answer = await this.request(this.pictureParams(this.target));
    const r = answer?.range;
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(this.target.uri));
    const shown = vscode.window.visibleTextEditors.find((e) => e.document === doc);
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: shown?.viewColumn ?? vscode.ViewColumn.One, preserveFocus: false });
    if (r) {
      const range = new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
      editor.selection = new vscode.Selection(range.start, range.end);
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
  }
}

// Follows the VS Code theme through its CSS variables.
const STYLE = `
html, body { height: 100%; }
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); margin: 0; padding: 8px 12px; box-sizing: border-box; display: flex; flex-direction: column; }
#app { flex: 1 1 auto; min-height: 0; display: flex; flex-direction: column; }
h1 { font-size: 1.1em; margin: 4px 0; font-weight: 600; }
code, .mono { font-family: var(--vscode-editor-font-family); }
#facts { color: var(--vscode-descriptionForeground); margin-bottom: 6px; }
#facts div { margin: 2px 0; }
.toolbar { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin: 6px 0; }
button, select, input { background: var(--vscode-button-secondaryBackground, var(--vscode-input-background)); color: var(--vscode-button-secondaryForeground, var(--vscode-input-foreground)); border: 1px solid var(--vscode-input-border, transparent); padding: 2px 8px; font: inherit; }
button[aria-pressed="true"] { background: var(--vscode-button-background); color: var(--vscode-button-foreground); }
input { width: 5em; }
#stage { position: relative; overflow: auto; flex: 1 1 auto; min-height: 160px; border: 1px solid var(--vscode-panel-border, #8884); }
canvas { display: block; image-rendering: pixelated; }
canvas:focus { outline: 1px solid var(--vscode-focusBorder); }
#tooltip { position: fixed; pointer-events: none; background: var(--vscode-editorHoverWidget-background); color: var(--vscode-editorHoverWidget-foreground); border: 1px solid var(--vscode-editorHoverWidget-border); padding: 4px 8px; font-family: var(--vscode-editor-font-family); white-space: pre; display: none; z-index: 10; }
#steppers { display: flex; gap: 4px 14px; flex-wrap: wrap; align-items: center; margin: 4px 0; }
#steppers .stepper { display: inline-flex; gap: 4px; align-items: center; }
#steppers .value { min-width: 2.5em; text-align: center; font-family: var(--vscode-editor-font-family); }
#steppers .range { color: var(--vscode-descriptionForeground); }
#legend { color: var(--vscode-descriptionForeground); margin-top: 6px; display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: center; }
#legend .key { display: inline-flex; gap: 5px; align-items: center; }
#legend .swatch { display: inline-block; width: 14px; height: 14px; border: 1px solid #8888; }
#legend .gradient { width: 80px; }
.error { color: var(--vscode-errorForeground); }
`;
