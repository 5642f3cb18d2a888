// `tla-layout`: check and evaluate `.tla` files without an editor.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { Analyzer, DocumentAnalysis, LineIndex, pictureOf, renderSvg, renderText, summarize, tileDescription } from './language';

const USAGE = `tla-layout — evaluate Catlass TLA layouts written in the .tla language

Usage:
  tla-layout check FILE…          report diagnostics as file:line:col: severity CODE message
                                  (exit status 1 when any error)
  tla-layout eval FILE… [--json]  print every statement's value (--json: machine-readable; several files: an array)
  tla-layout render FILE NAME [--text] [--svg OUT]
                                  draw the layout declared as NAME: --text prints the offset
                                  grid (the default), --svg writes a standalone SVG picture
  tla-layout --help               this text
  tla-layout --version            the version

Language reference: docs/language.md; diagnostic codes: docs/diagnostics.md.`;

const VERSION = '0.1.0';

class CliError extends Error {}

function readSource(file: string): string {
  let st;
  try {
    st = statSync(file);
  } catch {
    throw new CliError(`tla-layout: cannot read '${file}': no such file`);
  }
  if (st.isDirectory()) throw new CliError(`tla-layout: '${file}' is a directory, not a .tla file`);
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(`tla-layout: cannot read '${file}': ${(e as Error).message}`);
  }
}

function diagnosticJson(a: DocumentAnalysis, lines: LineIndex, d: DocumentAnalysis['diagnostics'][number]) {
  const s = lines.position(d.start);
  const e = lines.position(d.end);
  return {
    line: s.line + 1,
    column: s.character + 1,
    endLine: e.line + 1,
    endColumn: e.character + 1,
    severity: d.severity,
    code: d.code,
    message: d.message,
  };
}

function check(files: string[], out: (s: string) => void): number {
  if (!files.length) throw new CliError('tla-layout check: name at least one file\n\n' + USAGE);
  let errors = 0;
  const analyzer = new Analyzer();
  for (const file of files) {
    const text = readSource(file);
    const a = analyzer.analyze(text);
    const lines = new LineIndex(text);
    for (const d of a.diagnostics) {
      const p = lines.position(d.start);
      out(`${file}:${p.line + 1}:${p.character + 1}: ${d.severity} ${d.code} ${d.message}`);
      if (d.severity === 'error') errors++;
    }
  }
  return errors ? 1 : 0;
}

function evaluate(args: string[], out: (s: string) => void): number {
  const json = args.includes('--json');
  const files = args.filter((a) => a !== '--json');
  const unknown = files.filter((f) => f.startsWith('--'));
  if (unknown.length) throw new CliError(`tla-layout eval: unknown option ${unknown[0]}\n\n${USAGE}`);
  if (files.length === 0) throw new CliError('tla-layout eval: name at least one file\n\n' + USAGE);
  const results = files.map((file) => evaluateFile(file, json, out));
  // one file: its object, as before; several: an array, one object per file in order
  if (json) out(JSON.stringify(files.length === 1 ? results[0].json : results.map((r) => r.json), null, 2));
  return results.some((r) => r.failed) ? 1 : 0;
}

function evaluateFile(file: string, json: boolean, out: (s: string) => void): { json?: unknown; failed: boolean } {
  const text = readSource(file);
  const a = new Analyzer().analyze(text);
  const lines = new LineIndex(text);
  const failed = a.diagnostics.some((d) => d.severity === 'error');
  if (json) {
    const statements = a.statements
      .filter((s) => !s.chunk.preprocessor)
      .map((s) => {
        const inside = a.diagnostics.filter((d) => d.start >= s.chunk.start && d.start <= s.chunk.end);
        return {
          line: lines.position(s.chunk.start).line + 1,
          name: s.declaredName ?? null,
          value: s.result?.value ? summarize(s.result.value) : null,
          diagnostics: inside.map((d) => diagnosticJson(a, lines, d)),
        };
      });
    return { json: { file, statements, diagnostics: a.diagnostics.map((d) => diagnosticJson(a, lines, d)) }, failed };
  }
  for (const s of a.statements) {
    const v = s.result?.value;
    if (!v) continue;
    const line = lines.position(s.chunk.start).line + 1;
    const sum = summarize(v);
    const label = s.declaredName ? `${s.declaredName} = ` : '';
    const facts = sum.kind === 'layout' || sum.kind === 'tensor' ? `   rank ${sum.rank}, depth ${sum.depth}, size ${sum.size}, cosize ${sum.cosize}` : '';
    // a tile says what it is: `tile (4,4) of a at (6,10), valid (2,2): a tail tile`
    const pic = s.declaredName && s.result?.tiles.length ? pictureOf(a, s.declaredName) : undefined;
    const tile = pic?.ok ? tileDescription(pic.picture) : undefined;
    out(`${file}:${line}: ${label}${sum.text}${facts}${tile ? `   ${tile}` : ''}`);
  }
  for (const d of a.diagnostics) {
    const p = lines.position(d.start);
    out(`${file}:${p.line + 1}:${p.character + 1}: ${d.severity} ${d.code} ${d.message}`);
  }
  return { failed };
}

function render(args: string[], out: (s: string) => void): number {
  const rest: string[] = [];
  let svg: string | undefined;
  let text = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--svg') {
      svg = args[++i];
      if (!svg) throw new CliError('tla-layout render: --svg needs an output file');
    } else if (a === '--text') text = true;
    else if (a.startsWith('--')) throw new CliError(`tla-layout render: unknown option ${a}\n\n${USAGE}`);
    else rest.push(a);
  }
  if (rest.length !== 2) throw new CliError('tla-layout render: name a file and a declared layout\n\n' + USAGE);
  const [file, name] = rest;
  const a = new Analyzer().analyze(readSource(file));
  const p = pictureOf(a, name);
  if (!p.ok) throw new CliError(`tla-layout render: ${p.reason}`);
  if (svg) {
    try {
      writeFileSync(svg, renderSvg(p.picture, name));
    } catch (e) {
      throw new CliError(`tla-layout render: cannot write '${svg}': ${(e as Error).message}`);
    }
    out(`wrote ${svg}`);
  }
  if (text || !svg) out(renderText(p.picture));
  return 0;
}

export function main(argv: string[], out: (s: string) => void = console.log, err: (s: string) => void = console.error): number {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
        // a usage error, like a bad flag: the usage on stderr, status 2
        err(USAGE);
        return 2;
      case '--help':
      case '-h':
      case 'help':
        out(USAGE);
        return 0;
      case '--version':
        out(VERSION);
        return 0;
      case 'check':
        return check(rest, out);
      case 'eval':
        return evaluate(rest, out);
      case 'render':
        return render(rest, out);
      default:
        err(`tla-layout: unknown command '${command}'\n\n${USAGE}`);
        return 2;
    }
  } catch (e) {
    if (e instanceof CliError) {
      err(e.message);
      return 2;
    }
    throw e;
  }
}

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
