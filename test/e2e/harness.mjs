// End-to-end harness: a real VS Code (code-server, see scripts/code-server.mjs) driven
// by Debian's Chromium through playwright-core.
//
//   import { startVSCode } from './harness.mjs';
//   const vs = await startVSCode({ extensionDir, folder });
//   await vs.openFile('examples/demo.tla');
//   const text = await vs.hover(3, 10, { contains: 'offset' });
//   const line = await vs.lineText(3, { contains: '▸' });        // includes inlay hints
//   const probs = await vs.problems({ minCount: 1 });
//   await vs.screenshot('demo');                                  // test-artifacts/e2e/demo.png
//   await vs.close();
//
// Lines and columns are 1-based, as VS Code shows them ("Ln 3, Col 10").
// Every wait polls a condition with a timeout; nothing sleeps for a fixed long time.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CODE_SERVER_ENTRY, ROOT, startCodeServer, ensureCodeServer } from '../../scripts/code-server.mjs';

export { ROOT, startCodeServer, ensureCodeServer };
export const ARTIFACTS_DIR = path.join(ROOT, 'test-artifacts', 'e2e');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Settings that make the editor deterministic under a robot (merged under the caller's). */
export const E2E_SETTINGS = Object.freeze({
  'editor.minimap.enabled': false,
  'editor.hover.delay': 150,
  'editor.wordWrap': 'off',
  'editor.autoClosingBrackets': 'never',
  'editor.autoClosingQuotes': 'never',
  'editor.autoSurround': 'never',
  'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
  'editor.suggestOnTriggerCharacters': false,
  'editor.acceptSuggestionOnEnter': 'off',
  'editor.formatOnType': false,
  'editor.parameterHints.enabled': false,
  'files.autoSave': 'off',
  'git.enabled': false,
  'git.autoRepositoryDetection': false,
  'npm.autoDetect': 'off',
  'workbench.editor.enablePreview': false,
  'problems.autoReveal': false,
});

const ACTIVE_EDITOR = '.editor-group-container.active .editor-instance .monaco-editor';
const QUICK_INPUT = '.quick-input-widget';
const QUICK_INPUT_BOX = '.quick-input-widget .quick-input-box input';
const QUICK_ROWS = '.quick-input-widget .quick-input-list .monaco-list-row';
const HOVER = '.monaco-hover-content';
const PROBLEMS = '.markers-panel';

/** Launches Debian's Chromium (headless) through playwright-core. */
export async function launchBrowser({ headless = true, args = [] } = {}) {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: run bash scripts/setup-code-server.sh (apt-get install chromium)`);
  }
  return chromium.launch({ executablePath: CHROMIUM, headless, args: [...CHROMIUM_ARGS, ...args] });
}

/**
 * Starts code-server with the extension, launches Chromium, opens the workbench and waits for it.
 * @param {object} opts
 * @param {string} opts.extensionDir      folder with the extension's package.json and dist/
 * @param {string} [opts.folder]          workspace folder to open
 * @param {object} [opts.settings]        user settings (over DEFAULT_SETTINGS and E2E_SETTINGS)
 * @param {number} [opts.port]            default: a free port on 127.0.0.1
 * @param {{width:number,height:number}} [opts.viewport]  default 1280x800
 * @param {number} [opts.timeout=90000]   for code-server + workbench start
 * @param {boolean|function} [opts.log]   code-server output (see startCodeServer)
 * @param {'symlink'|'copy'} [opts.install='symlink']  how the extension goes into the extensions dir
 * @returns {Promise<VSCode>}  call close() when done; `startupMs` tells how long the start took
 */
export async function startVSCode({ extensionDir, folder, settings = {}, port, viewport, timeout = 90_000, log = false, install } = {}) {
  ensureCodeServer(); // first run on a machine: installs code-server/chromium (1-2 min), not counted in `timeout`
  const t0 = Date.now();
  const [cs, br] = await Promise.allSettled([
    startCodeServer({ extensionDir, folder, port, settings: { ...E2E_SETTINGS, ...settings }, timeoutMs: timeout, log, install }),
    launchBrowser(),
  ]);
  if (cs.status === 'rejected' || br.status === 'rejected') {
    if (cs.status === 'fulfilled') await cs.value.stop().catch(() => {});
    if (br.status === 'fulfilled') await br.value.close().catch(() => {});
    throw cs.status === 'rejected' ? cs.reason : br.reason;
  }
  const codeServer = cs.value;
  const browser = br.value;
  try {
    const vs = await openWorkbench(browser, codeServer.url, { viewport, timeout: Math.max(10_000, timeout - (Date.now() - t0)), folder: !!folder });
    vs.codeServer = codeServer;
    vs.browser = browser;
    vs.startupMs = Date.now() - t0;
    return vs;
  } catch (e) {
    await browser.close().catch(() => {});
    await codeServer.stop().catch(() => {});
    throw e;
  }
}

/** The packaged extension (`npm run package` writes it; `npm run test:e2e` runs that first). */
export const VSIX = path.join(ROOT, 'tla-layout.vsix');

/**
 * The set-up every e2e file of the product shares: a temporary folder holding a copy of
 * examples/ (so typing never touches the repository) and the files given, the packaged .vsix
 * installed into code-server with --install-extension, and VS Code opened on that copy.
 *
 *   const ws = await startProductWorkspace({ prefix: 'menus', files: { 'cpp/k.cpp': '…' } });
 *   ws.vs.openFile('cpp/k.cpp');  …  await ws.close();
 *
 * @param {object} opts
 * @param {string} opts.prefix                   names the temporary folder (tla-e2e-PREFIX-…)
 * @param {Record<string,string>} [opts.files]   more files, by path relative to examples/
 * @param {object} [opts.settings]               user settings (see startVSCode)
 * @returns {Promise<{ vs: VSCode, work: string, examples: string, close: () => Promise<void> }>}
 */
export async function startProductWorkspace({ prefix, files = {}, settings = {} }) {
  ensureCodeServer();
  if (!fs.existsSync(VSIX)) throw new Error(`${VSIX} is missing: run npm run package (npm run test:e2e does)`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `tla-e2e-${prefix}-`));
  const examples = path.join(work, 'examples');
  const close = async (vs) => {
    await vs?.close();
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    fs.cpSync(path.join(ROOT, 'examples'), examples, { recursive: true });
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(examples, rel)), { recursive: true });
      fs.writeFileSync(path.join(examples, rel), text);
    }
    const extDir = path.join(work, 'extensions');
    const out = execFileSync(
      process.execPath,
      [CODE_SERVER_ENTRY, '--extensions-dir', extDir, '--user-data-dir', path.join(work, 'ud'), '--install-extension', VSIX],
      { encoding: 'utf8', env: { ...process.env, XDG_CONFIG_HOME: path.join(work, 'config') } },
    );
    const installed = fs.readdirSync(extDir).find((d) => d.startsWith('tla-tools.tla-layout-'));
    if (!installed) throw new Error(`the .vsix did not install: ${out}`);
    const vs = await startVSCode({ extensionDir: path.join(extDir, installed), folder: examples, install: 'symlink', settings });
    return { vs, work, examples, close: () => close(vs) };
  } catch (e) {
    await close(undefined);
    throw e;
  }
}

/** Opens `url` in a new page of `browser` and waits for the workbench. */
export async function openWorkbench(browser, url, { viewport = { width: 1280, height: 800 }, timeout = 60_000, folder = true } = {}) {
  const page = await browser.newPage({ viewport });
  const vs = new VSCode(page);
  await page.goto(url, { timeout });
  await page.waitForSelector('.monaco-workbench .part.statusbar', { timeout });
  if (folder) {
    // the explorer lists the folder once the remote file system and workspace are up
    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout });
  }
  return vs;
}

export class VSCode {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    /** uncaught errors of the workbench page */
    this.pageErrors = [];
    page.on('pageerror', (e) => this.pageErrors.push(String(e?.message ?? e)));
    /** @type {Awaited<ReturnType<typeof startCodeServer>> | undefined} */
    this.codeServer = undefined;
    /** @type {import('playwright-core').Browser | undefined} */
    this.browser = undefined;
  }

  /** Closes the browser and stops code-server (when started by startVSCode). */
  async close() {
    await this.browser?.close().catch(() => {});
    await this.codeServer?.stop();
  }

  // ------------------------------------------------------------- quick input / commands

  async #quickInput(key, value, { timeout = 10_000 } = {}) {
    const { page } = this;
    await page.keyboard.press('Escape'); // close a hover / quick input / suggest widget left open
    await page.keyboard.press(key);
    const box = page.locator(QUICK_INPUT_BOX);
    await box.waitFor({ state: 'visible', timeout });
    await box.fill(value);
    return box;
  }

  /**
   * Runs a command from the command palette by its exact title (e.g. 'View: Toggle Problems').
   * Category prefixes are part of the title, as shown in the palette.
   */
  async runCommand(title, { timeout = 15_000 } = {}) {
    const { page } = this;
    await this.#quickInput('F1', `>${title}`, { timeout });
    const row = page
      .locator(QUICK_ROWS)
      .filter({ has: page.locator('.label-name', { hasText: exactText(title) }) })
      .first();
    try {
      await row.waitFor({ state: 'visible', timeout });
    } catch {
      const seen = await page.locator(QUICK_ROWS).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      await page.keyboard.press('Escape');
      throw new Error(`command '${title}' not in the command palette; saw: ${JSON.stringify(seen)}`);
    }
    await row.click();
    await page
      .locator(QUICK_INPUT)
      .waitFor({ state: 'hidden', timeout })
      .catch(() => {});
  }

  // ------------------------------------------------------------- editors

  /**
   * Opens a workspace file by its path relative to the workspace folder, through Quick Open
   * (Ctrl+P), and waits until it is the active, focused editor.
   */
  async openFile(relPath, { timeout = 30_000 } = {}) {
    const { page } = this;
    const rel = relPath.split(path.sep).join('/').replace(/^\.\//, '');
    const base = rel.split('/').pop();
    const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
    await this.#quickInput('Control+P', rel, { timeout });
    // a row whose label is the file name and (if any) whose description is its folder
    const deadline = Date.now() + timeout;
    let picked = -1;
    let seen = [];
    while (Date.now() < deadline) {
      seen = await page.locator(QUICK_ROWS).evaluateAll((els) =>
        els.map((e) => ({
          name: e.querySelector('.label-name')?.textContent?.trim() ?? '',
          desc: e.querySelector('.label-description')?.textContent?.trim() ?? '',
          aria: e.getAttribute('aria-label') ?? '',
        })),
      );
      picked = seen.findIndex((r) => r.name === base && (dir ? r.desc === dir || r.desc.endsWith(`/${dir}`) : r.desc === '' || r.desc === '.'));
      if (picked >= 0) break;
      await page.waitForTimeout(100);
    }
    if (picked < 0) {
      await page.keyboard.press('Escape');
      throw new Error(`Quick Open found no '${rel}'; rows: ${JSON.stringify(seen)}`);
    }
    // the list re-renders while results stream in: click the row found, or, if it moved, find it again
    for (let attempt = 0; ; attempt++) {
      try {
        await page.locator(QUICK_ROWS).nth(picked).click({ timeout: 3000 });
        break;
      } catch (e) {
        if (attempt >= 4 || Date.now() > deadline) throw e;
        const rows = await page.locator(QUICK_ROWS).evaluateAll((els) =>
          els.map((el) => ({
            name: el.querySelector('.label-name')?.textContent?.trim() ?? '',
            desc: el.querySelector('.label-description')?.textContent?.trim() ?? '',
          })),
        );
        picked = rows.findIndex((r) => r.name === base && (dir ? r.desc === dir || r.desc.endsWith(`/${dir}`) : r.desc === '' || r.desc === '.'));
        if (picked < 0) picked = 0;
      }
    }
    const uriTail = rel.split('/').map(encodeURIComponent).join('/');
    const editor = page.locator(`${ACTIVE_EDITOR}[data-uri$="/${cssEscape(uriTail)}"]`).first();
    await editor.waitFor({ state: 'visible', timeout });
    await page.locator(`${ACTIVE_EDITOR}.focused`).first().waitFor({ timeout });
    await page.locator(`${ACTIVE_EDITOR} .view-lines .view-line`).first().waitFor({ timeout });
  }

  /** URI of the active editor's document (vscode-remote://…/abs/path). */
  async activeEditorUri() {
    return this.page.locator(ACTIVE_EDITOR).first().getAttribute('data-uri');
  }

  /** Language name shown in the status bar for the active editor (e.g. 'TLA Layout', the alias, not the id). */
  async statusBarLanguage() {
    return (
      await this.page
        .locator('#status\\.editor\\.mode')
        .innerText()
        .catch(() => '')
    ).trim();
  }

  /** Cursor position from the status bar: { line, column }. */
  async cursor() {
    const t = await this.page.locator('#status\\.editor\\.selection').innerText({ timeout: 5000 });
    const m = /Ln (\d+), Col (\d+)/.exec(t);
    if (!m) throw new Error(`cannot read cursor from status bar: '${t}'`);
    return { line: Number(m[1]), column: Number(m[2]) };
  }

  /** Moves the cursor (Ctrl+G "line:col"), revealing the line; focuses the editor. */
  async goTo(line, column = 1, { timeout = 10_000 } = {}) {
    const { page } = this;
    await this.#quickInput('Control+G', `:${line}:${column}`, { timeout }); // keep the ':' go-to-line prefix
    await page.keyboard.press('Enter');
    await page.locator(QUICK_INPUT).waitFor({ state: 'hidden', timeout });
    await page.locator(`${ACTIVE_EDITOR}.focused`).first().waitFor({ timeout });
    // the status bar follows the cursor asynchronously; wait for the line (the column may be
    // clamped to the line's end, or counted in visible columns when the line has tabs)
    await poll(async () => (await this.cursor().catch(() => ({}))).line === line, {
      timeout,
      message: () => `cursor did not reach line ${line}`,
    });
  }

  /** The layout view's document (the webview's inner frame). */
  layoutView() {
    return this.page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  }

  /** Waits until the layout view's title reads "Layout: NAME" (`how`: what opened it, for the failure's message). */
  async layoutViewShows(name, { how = 'Show Layout', timeout = 20_000 } = {}) {
    await poll(async () => (await this.layoutView().locator('#title').textContent({ timeout: 1000 })) === `Layout: ${name}`, {
      timeout,
      message: () => `${how}: the view never read "Layout: ${name}"`,
    });
  }

  /** Types text at the cursor (key by key; '\n' presses Enter). */
  async type(text, { delay = 0 } = {}) {
    await this.page.keyboard.type(text, { delay });
  }

  /** Moves to line:column and types text there. */
  async typeAt(line, column, text, opts) {
    await this.goTo(line, column);
    await this.type(text, opts);
  }

  /** Replaces the whole document of the active editor with `text` (one input event, fast). */
  async setText(text) {
    const { page } = this;
    await page
      .locator(`${ACTIVE_EDITOR}.focused`)
      .first()
      .waitFor({ timeout: 5000 })
      .catch(async () => {
        await page.locator(`${ACTIVE_EDITOR} .view-lines`).first().click();
      });
    await page.keyboard.press('Control+A');
    if (text === '') await page.keyboard.press('Delete');
    else await page.keyboard.insertText(text);
  }

  /** Presses a key (playwright key names: 'Enter', 'Control+S', …). */
  async press(key) {
    await this.page.keyboard.press(key);
  }

  /** Saves the active editor (Ctrl+S) and waits until its tab is no longer dirty. */
  async save({ timeout = 10_000 } = {}) {
    await this.page.keyboard.press('Control+S');
    await this.page.locator('.editor-group-container.active .tab.active.dirty').waitFor({ state: 'detached', timeout });
  }

  // ------------------------------------------------------------- reading the editor

  /**
   * The rendered lines of the active editor currently in view: [{ line, text }], text including
   * inlay hints and other injected text. Monaco renders spaces as U+00A0 and an inlay hint's
   * padding as U+200A (hair space): both become ' ' unless `raw` is set.
   */
  async visibleLines({ raw = false } = {}) {
    return this.page.evaluate(
      ([sel, raw]) => {
        const ed = document.querySelector(sel);
        if (!ed) return [];
        const numAt = new Map();
        for (const d of ed.querySelectorAll('.margin-view-overlays > div')) {
          const n = d.querySelector('.line-numbers');
          if (n && /^\d+$/.test(n.textContent.trim())) numAt.set(d.style.top, Number(n.textContent.trim()));
        }
        const out = [];
        for (const v of ed.querySelectorAll('.view-lines > .view-line')) {
          const line = numAt.get(v.style.top);
          if (line !== undefined) out.push({ line, text: raw ? v.textContent : v.textContent.replace(/[\u00a0\u200a]/g, ' ') });
        }
        return out.sort((a, b) => a.line - b.line);
      },
      [ACTIVE_EDITOR, raw],
    );
  }

  /**
   * Text of editor line `line` as rendered, inlay hints included (they are real text in
   * `.view-lines`; spaces normalized as in visibleLines unless `raw`). Reveals the line (moving the cursor there) if it is not rendered.
   * With `contains` (string or RegExp), polls until the line matches (e.g. hints arrive late).
   */
  async lineText(line, { contains, timeout = 15_000, raw = false } = {}) {
    let last;
    const read = async () => {
      let l = (await this.visibleLines({ raw })).find((x) => x.line === line);
      if (!l) {
        await this.goTo(line, 1);
        l = (await this.visibleLines({ raw })).find((x) => x.line === line);
      }
      last = l ? l.text : undefined;
      return last;
    };
    if (contains === undefined) {
      const t = await read();
      if (t === undefined) throw new Error(`line ${line} is not rendered in the active editor`);
      return t;
    }
    await poll(async () => matches(await read(), contains), {
      timeout,
      message: () => `line ${line} never matched ${contains}; last text: ${JSON.stringify(last)}`,
    });
    return last;
  }

  // ------------------------------------------------------------- hovers

  /**
   * Shows the hover at line:column and returns the text of `.monaco-hover-content`: one line
   * per hover part (a diagnostic as 'message source', each provider's markdown as rendered
   * text), joined by '\n'; the action bar ('View Problem', 'Quick Fix') is left out.
   * via 'keyboard' (default) runs Show Hover (Ctrl+K Ctrl+I) at the cursor; via 'mouse'
   * moves the mouse over that character. With `contains`, retries until the text matches.
   */
  async hover(line, column, { contains, timeout = 15_000, via = 'keyboard' } = {}) {
    const { page } = this;
    let last = '';
    const deadline = Date.now() + timeout;
    await this.goTo(line, column);
    for (let attempt = 0; ; attempt++) {
      if (via === 'mouse') {
        const box = await page.locator(`${ACTIVE_EDITOR} .cursors-layer .cursor`).first().boundingBox();
        if (!box) throw new Error('no cursor to hover at');
        await page.mouse.move(box.x + 40, box.y + box.height + 60); // away, so a new hover starts
        await page.mouse.move(box.x + 4, box.y + box.height / 2, { steps: 2 });
      } else {
        await page.keyboard.press('Control+K');
        await page.keyboard.press('Control+I');
      }
      // wait for a visible, loaded hover, then for its text to settle
      const left = Math.max(500, Math.min(deadline - Date.now(), 5000));
      last = await this.#readHover(left).catch(() => '');
      if (last && (contains === undefined || matches(last, contains))) return last;
      if (Date.now() > deadline) break;
      await page.keyboard.press('Escape');
      await page.waitForTimeout(Math.min(250 * (attempt + 1), 1000));
      await this.goTo(line, column);
    }
    throw new Error(
      `hover at ${line}:${column} ${contains === undefined ? 'never appeared' : `never matched ${contains}`}; last: ${JSON.stringify(last)}`,
    );
  }

  async #readHover(timeout) {
    const { page } = this;
    const read = () =>
      page.evaluate((sel) => {
        const norm = (t) => t.replace(/[\u00a0\u200a]/g, ' ').trim();
        const parts = [...document.querySelectorAll(sel)].filter((e) => e.offsetParent !== null || e.getClientRects().length);
        return parts
          .flatMap((e) => {
            const rows = [...e.querySelectorAll(':scope > .hover-row')];
            if (!rows.length) return [norm(e.innerText)];
            return rows
              .filter((r) => !r.classList.contains('status-bar')) // 'View Problem', 'Quick Fix…' actions
              .map((r) => {
                const marker = r.querySelector('.marker.hover-contents');
                // a diagnostic row: message and source are sibling spans -> 'message source'
                return norm(marker ? [...marker.children].map((c) => c.textContent).join(' ') : r.innerText);
              });
          })
          .filter(Boolean)
          .join('\n');
      }, HOVER);
    let prev;
    await poll(
      async () => {
        const t = await read();
        const stable = t !== '' && !/^Loading\.\.\.|^Loading…/.test(t) && t === prev;
        prev = t;
        return stable;
      },
      { timeout, interval: 100, message: () => 'no hover' },
    );
    return prev;
  }

  /**
   * Hovers over a text token: finds `token` in the document text of `line` (or, without
   * `line`, of the visible lines) and hovers at its middle character. Returns the hover text.
   */
  async hoverToken(token, { line, occurrence = 1, ...opts } = {}) {
    const lines = line ? [{ line, text: await this.lineText(line) }] : await this.visibleLines();
    let n = 0;
    for (const l of lines) {
      let i = -1;
      while ((i = l.text.indexOf(token, i + 1)) >= 0) {
        if (++n === occurrence) return this.hover(l.line, i + 1 + Math.floor((token.length - 1) / 2), opts);
      }
    }
    throw new Error(`token '${token}' (occurrence ${occurrence}) not found in ${line ? `line ${line}` : 'the visible lines'}`);
  }

  /** Hides a hover (Escape) and moves the mouse away. */
  async closeHover() {
    await this.page.keyboard.press('Escape');
    await this.page.mouse.move(1, 1);
  }

  // ------------------------------------------------------------- problems panel

  /** Opens (and shows) the Problems panel. */
  async openProblems({ timeout = 10_000 } = {}) {
    const { page } = this;
    const panel = page.locator(PROBLEMS).first();
    if (await panel.isVisible()) return;
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+M');
    try {
      await panel.waitFor({ state: 'visible', timeout: Math.min(timeout, 5000) });
    } catch {
      await this.runCommand('View: Focus Problems (Errors, Warnings, Infos)', { timeout });
      await panel.waitFor({ state: 'visible', timeout });
    }
  }

  /**
   * Entries of the Problems panel (opening it first), in display order:
   * [{ file, severity: 'error'|'warning'|'info', message, source, code, line, column, label }]
   * Options: `contains` (string/RegExp on some message) and/or `minCount` make it poll until met.
   * Only rows in view are rendered: keep the expected problem count small.
   */
  async problems({ contains, minCount, timeout = 15_000 } = {}) {
    await this.openProblems({ timeout });
    const read = () =>
      this.page.evaluate((sel) => {
        const out = [];
        let file = '';
        const rows = [...document.querySelectorAll(`${sel} .monaco-list-row`)].sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
        for (const r of rows) {
          if (r.getAttribute('aria-level') === '1') {
            file = r.querySelector('.label-name')?.textContent?.trim() ?? '';
            continue;
          }
          const icon = r.querySelector('.marker-icon');
          if (!icon) continue; // related-information rows
          const sev = ['error', 'warning', 'info'].find((s) => icon.classList.contains(s)) ?? 'unknown';
          const pos = /Ln (\d+), Col (\d+)/.exec(r.querySelector('.marker-line')?.textContent ?? '');
          out.push({
            file,
            severity: sev,
            message: r.querySelector('.marker-message')?.textContent?.trim() ?? '',
            source: r.querySelector('.marker-source')?.textContent?.trim() ?? '',
            code: r.querySelector('.marker-code')?.textContent?.trim() ?? '',
            line: pos ? Number(pos[1]) : undefined,
            column: pos ? Number(pos[2]) : undefined,
            label: r.getAttribute('aria-label') ?? '',
          });
        }
        return out;
      }, PROBLEMS);
    let last = [];
    if (contains === undefined && minCount === undefined) return read();
    await poll(
      async () => {
        last = await read();
        return (minCount === undefined || last.length >= minCount) && (contains === undefined || last.some((p) => matches(p.message, contains)));
      },
      { timeout, message: () => `Problems panel never showed ${contains ?? `${minCount} entries`}; saw ${JSON.stringify(last)}` },
    );
    return last;
  }

  /** Closes the bottom panel (Problems/Output/…) if open. */
  async closePanel() {
    if (await this.page.locator('.part.panel').first().isVisible()) await this.runCommand('View: Toggle Panel Visibility');
    await this.page.locator('.part.panel').first().waitFor({ state: 'hidden', timeout: 5000 });
  }

  // ------------------------------------------------------------- artifacts & logs

  /** Saves a screenshot of the page as test-artifacts/e2e/NAME.png and returns its path. */
  async screenshot(name) {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  /**
   * code-server's log files (extension host, output channels of extensions, e.g. a language
   * client's): { 'relative/path.log': text }. Filter by a substring/RegExp of the path.
   */
  serverLogs(filter) {
    const dir = this.codeServer && path.join(this.codeServer.userDataDir, 'logs');
    const out = {};
    if (!dir || !fs.existsSync(dir)) return out;
    for (const f of fs.readdirSync(dir, { recursive: true })) {
      const p = path.join(dir, f);
      if (!f.endsWith('.log') || (filter !== undefined && !matches(f, filter))) continue;
      try {
        out[f] = fs.readFileSync(p, 'utf8');
      } catch {
        /* rotated away */
      }
    }
    return out;
  }
}

// ------------------------------------------------------------- helpers

/** Polls `fn` until it returns truthy; throws `message()` after `timeout` ms. */
export async function poll(fn, { timeout = 10_000, interval = 150, message = () => 'condition not met' } = {}) {
  const deadline = Date.now() + timeout;
  let err;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
      err = undefined;
    } catch (e) {
      err = e;
    }
    if (Date.now() > deadline) throw new Error(`${message()} (after ${timeout} ms)${err ? `: ${err.message}` : ''}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

function matches(text, pattern) {
  if (text === undefined || text === null) return false;
  return pattern instanceof RegExp ? pattern.test(text) : text.includes(pattern);
}

function exactText(s) {
  return new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

function cssEscape(s) {
  return s.replace(/["\\]/g, '\\$&');
}
