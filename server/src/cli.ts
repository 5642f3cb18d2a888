// `tla-layout`: check and evaluate `.tla` files without an editor.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  Analyzer,
  CppAnalyzer,
  DocumentAnalysis,
  LineIndex,
  pictureOf,
  printValue,
  printCatlassCoordCpp,
  renderSvg,
  renderText,
  summarize,
  tileDescription,
  isCppPath,
  statementDetails,
  Bindings,
  parseBindings,
  HeaderIndex,
  evaluateScratch,
  headerNameUnder,
  includesOfText,
  indexIncludes,
  instanceMembers,
  outcomeFields,
  siteScratchText,
  summarizeTla,
  instantiationWarnings,
  instanceBindings,
  budgetLine,
  budgetsOf,
  runtimeNames,
  declarationSpan,
} from './language';
import { headerAnswerNow, instanceChoiceNow } from './templateInstances';
import type { HeaderInstance, InstanceChoice } from './templateInstances';

const USAGE = `tla-layout — evaluate Catlass TLA layouts written in the .tla language

Usage:
  tla-layout check FILE|DIR… [--quiet] [--include DIR]
                                  report diagnostics as file:line:col: severity CODE message
                                  (exit status 1 when any error); a directory is walked for
                                  .tla and C++ files; then 'checked N files: E errors, W warnings'
                                  on stderr (--quiet: errors only, no summary); with a Catlass include folder (or a
                                  compile_commands.json), a C++ file's instantiations that a static_assert
                                  rejects are warnings
  tla-layout eval FILE… [--json] [--include DIR]
                                  print every statement's value (--json: machine-readable; several files: an array);
                                  --include DIR: a Catlass include/ folder, where the file's #include "catlass/…" lines
                                  are found (else read from a compile_commands.json beside the file or above it), so
                                  that \`using r = Gemm::Block::BlockMmadTla<…>;\` and its members evaluate; a header of
                                  that folder is read under the instantiation the C++ files below the current directory
                                  write (as the editor reads it under its workspace's), and says which
  tla-layout eval --json --include DIR --instance FILE:LINE HEADER
                                  the class template in HEADER under the instantiation written at FILE:LINE, with its
                                  static constexpr members and member types (\`members\`), and its buffer budgets
                                  (\`budgets\`: the block's static_asserts on L1/L0 use and event ids, evaluated)
  C++ files (.cpp .hpp .h .asc …) get the TLA inside them: check prints its warnings,
  eval lists every TLA site with its line, column, source text and value.
  tla-layout render FILE NAME[:LINE] [--text] [--svg OUT]
                                  draw the layout declared as NAME: --text prints the offset
                                  grid (the default), --svg writes a standalone SVG picture; NAME:LINE the declaration of NAME
                                  on that line (a C++ file may declare a name again in another function); a layout it
                                  cannot draw (sizes known only at run time): its value, the names to --bind, exit status 1
  --bind m=1000,n=2000            (check, eval, render) runtime names as numbers: m, params.k,
                                  blockCoord.m(); over the file's '// tla: m=1000' comments
  tla-layout --help               this text
  tla-layout --version            the version
  exit status: 0 done, 1 an error found or a layout not drawn, 2 a missing file or a bad command line

Language reference: docs/language.md; diagnostic codes: docs/diagnostics.md.`;

const VERSION = '0.1.0';

class CliError extends Error {}

/** Takes `--bind m=1000,n=2000` (any number of times) out of `args`: the bindings and the other arguments. */
/** `FLAG VALUE` taken out of the arguments (the last one given wins); an error when the value is missing. */
function takeValue(args: string[], flag: string, command: string, what: string): { value: string | undefined; rest: string[] } {
  let value: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== flag) rest.push(args[i]);
    else if (!(value = args[++i])) throw new CliError(`tla-layout ${command}: ${flag} needs ${what}`);
  }
  return { value, rest };
}

function takeBindings(args: string[], command: string): { bindings: Bindings; rest: string[] } {
  const bindings = new Map<string, bigint>();
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const inline = a.startsWith('--bind=') ? a.slice('--bind='.length) : undefined;
    if (a !== '--bind' && inline === undefined) {
      rest.push(a);
      continue;
    }
    const given = inline ?? args[++i];
    if (!given) throw new CliError(`tla-layout ${command}: --bind needs name=number pairs, e.g. --bind m=1000,n=2000`);
    const parsed = parseBindings(given);
    if (parsed.rejected.length)
      throw new CliError(`tla-layout ${command}: --bind: '${parsed.rejected[0]}' is not name=integer (e.g. m=1000, params.k=512, blockCoord.m()=2)`);
    for (const [k, v] of parsed.bindings) bindings.set(k, v);
  }
  return { bindings, rest };
}

/** The analysis of a file as what it is: a C++ kernel's TLA, or a .tla document. */
function analyzeFile(file: string, text: string, bindings: Bindings, tla = new Analyzer(undefined, bindings, true)): DocumentAnalysis {
  return isCppPath(file) ? new CppAnalyzer(undefined, bindings, true).analyze(text) : tla.analyze(text);
}

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

// ------------------------------------------------------------------ C++ files

/** A C++ file (by its name, as the server tells them): analysed as C++, not as `.tla`. */

/** One TLA site of a C++ file: an expression (MakeLayout…, GetTileLayout, a layout call, Layout<…>{}) or a `using` alias. */
interface CppSite {
  line: number;
  column: number;
  /** The source text of the expression (an alias: its aliased type), blanks collapsed. */
  text: string;
  /** The alias's name, for a `using NAME = …`. */
  alias?: string;
  value: string | null;
  /** The configuration defaults the value rests on (`CATLASS_JIT_TILE = 64`): a JIT build may define them otherwise. */
  defaults?: readonly string[];
}

function cppSites(a: DocumentAnalysis, lines: LineIndex): CppSite[] {
  const sites: { at: number; end: number; alias?: string; value: string | null; defaults?: readonly string[] }[] = [];
  for (const s of a.statements) {
    // constants (and aliases) met by a limit are listed among the statements for their diagnostic: not sites
    if (s.chunk.text.startsWith('auto __c = ') || /^using \w+ = /.test(s.chunk.text)) continue;
    // a Catlass coord as the editor's hover writes it (Catlass::Coord<2>{…}), not in a tla tuple's notation
    const v = s.result?.value;
    const value = v ? (v.kind === 'catlassCoord' ? printCatlassCoordCpp(v) : printValue(v)) : null;
    sites.push({ at: a.startOf(s), end: a.endOf(s), value, defaults: s.defaults });
  }
  // aliases of TLA types are bound, not listed among the statements: their chunk is `using NAME = TYPE;`,
  // their value the type's form (`(u32,u32):(i64,_1)`), never the zeros of a value-initialised `NAME{}`
  for (const d of a.declarations.values()) {
    const prefix = `using ${d.name} = `;
    const v = d.value;
    if (d.statement.chunk.text.startsWith(prefix) && v?.kind === 'type' && v.type.t === 'value' && v.type.form !== undefined)
      sites.push({
        at: a.startOf(d.statement) + prefix.length,
        end: a.endOf(d.statement),
        alias: d.name,
        value: v.type.form,
        defaults: d.statement.defaults,
      });
  }
  sites.sort((x, y) => x.at - y.at);
  return sites.map((x) => {
    const p = lines.position(x.at);
    return {
      line: p.line + 1,
      column: p.character + 1,
      text: a.text.slice(x.at, x.end).replace(/\s+/g, ' '),
      ...(x.alias ? { alias: x.alias } : {}),
      value: x.value,
      ...(x.defaults?.length ? { defaults: x.defaults } : {}),
    };
  });
}

function diagnosticLine(file: string, lines: LineIndex, d: DocumentAnalysis['diagnostics'][number]): string {
  const p = lines.position(d.start);
  return `${file}:${p.line + 1}:${p.character + 1}: ${d.severity} ${d.code} ${d.message}`;
}

/**
 * The instantiation a header of the include folder `dir` is read under, as the editor reads it: the
 * sites the C++ files under the current directory (the workspace) write, resolved over the headers
 * (undefined for a file outside `dir`, or when no site is certain).
 */
function headerInstances(file: string, text: string, dir: string): readonly HeaderInstance[] {
  const header = path.resolve(file);
  if (!header.startsWith(dir + path.sep)) return [];
  const index = new HeaderIndex();
  indexIncludes(index, dir, [path.relative(dir, header).split(path.sep).join('/')], readIfFile);
  const prepare = (siteText: string) => indexIncludes(index, dir, includesOfText(siteText), readIfFile);
  return headerAnswerNow(header, text, [process.cwd()], [dir], { index, root: dir, arch: 2201 }, prepare)?.views ?? [];
}

/** Which instantiation each body of a header is read under, as its hovers say it. */
function instanceWords(views: readonly HeaderInstance[]): string {
  return views
    .map((v) => `as instantiated at ${v.site.where} (${v.site.selected})${v.mode === 'default' ? `, the first of ${v.sites.length}` : ''}`)
    .join('; ');
}

/** One C++ file of `eval`: its JSON object (with --json, printed by the caller with the others) or its printed sites. */
function evaluateCpp(
  file: string,
  text: string,
  json: boolean,
  bindings: Bindings,
  out: (s: string) => void,
  include?: string,
): { json?: unknown; failed: boolean } {
  const analyzer = new CppAnalyzer(undefined, bindings, true);
  const dir = includeDirFor(include, file);
  const instances = dir ? headerInstances(file, text, dir) : [];
  analyzer.instantiation = instances.length ? instances : undefined;
  const a = analyzer.analyze(text);
  const lines = new LineIndex(text);
  const sites = cppSites(a, lines);
  const failed = a.diagnostics.some((d) => d.severity === 'error');
  const where = instances.length ? instanceWords(instances) : undefined;
  if (json)
    return {
      json: {
        file,
        language: 'cpp',
        usesTla: a.usesTla,
        ...(where ? { instantiation: where } : {}),
        sites,
        diagnostics: a.diagnostics.map((d) => diagnosticJson(a, lines, d)),
      },
      failed,
    };
  if (where) out(`${file}: ${where}`);
  for (const s of sites)
    out(
      `${file}:${s.line}:${s.column}: ${s.alias ? `using ${s.alias} = ` : ''}${s.text}  ▸ ${s.value ?? '(no value)'}${s.defaults ? `  (with the default ${s.defaults.join(', ')})` : ''}`,
    );
  for (const d of a.diagnostics) out(diagnosticLine(file, lines, d));
  return { failed };
}

// ------------------------------------------------------------------ commands

/** The files of `dir` and its folders (not hidden ones, not node_modules) that are `.tla` or C++, sorted. */
function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch (e) {
      throw new CliError(`tla-layout: cannot read '${d}': ${(e as Error).message}`);
    }
    for (const e of entries.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (!e.name.startsWith('.') && e.name !== 'node_modules') walk(p);
      } else if (e.isFile() && (e.name.endsWith('.tla') || isCppPath(e.name))) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** The files named, a directory as the sources under it; a file named is taken whatever its extension. */
function expandPaths(paths: string[]): string[] {
  return paths.flatMap((p) => {
    try {
      if (statSync(p).isDirectory()) return sourcesUnder(p);
    } catch {
      // readSource says it is missing
    }
    return [p];
  });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function check(given: string[], out: (s: string) => void, err: (s: string) => void): number {
  const { bindings, rest } = takeBindings(given, 'check');
  const { value: include, rest: args } = takeValue(rest, '--include', 'check', 'a directory');
  const quiet = args.includes('--quiet');
  const paths = args.filter((a) => a !== '--quiet');
  const unknown = paths.find((f) => f.startsWith('--'));
  if (unknown) throw new CliError(`tla-layout check: unknown option ${unknown}\n\n${USAGE}`);
  if (!paths.length) throw new CliError('tla-layout check: name at least one file or directory\n\n' + USAGE);
  const files = expandPaths(paths);
  let errors = 0;
  let warnings = 0;
  const analyzer = new Analyzer(undefined, bindings, true);
  const headers = new HeaderIndex();
  for (const file of files) {
    const text = readSource(file);
    // a C++ file: the TLA inside it (its own analyzer: nothing is shared between files)
    const a = analyzeFile(file, text, bindings, analyzer);
    const lines = new LineIndex(text);
    // a kernel's instantiations of Catlass's templates that a static_assert certainly rejects
    const dir = isCppPath(file) ? includeDirFor(include, file) : undefined;
    const sites = dir ? instantiationWarnings(text, headers, dir, headerNameUnder(dir), readIfFile) : [];
    for (const d of [...a.diagnostics, ...sites]) {
      // --quiet: silent on success, the errors only otherwise
      if (!quiet || d.severity === 'error') out(diagnosticLine(file, lines, d));
      if (d.severity === 'error') errors++;
      else if (d.severity === 'warning') warnings++;
    }
  }
  // on stderr, as compilers say "2 warnings generated": stdout stays one diagnostic per line
  if (!quiet) err(`checked ${plural(files.length, 'file')}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`);
  return errors ? 1 : 0;
}

/** `--include DIR` (or the include path of a compile_commands.json beside a file or above it that reaches catlass/). */
function includeDirFor(given: string | undefined, file: string): string | undefined {
  if (given) return path.resolve(given);
  for (let dir = path.dirname(path.resolve(file)); ; dir = path.dirname(dir)) {
    const cc = path.join(dir, 'compile_commands.json');
    if (existsSync(cc)) {
      try {
        const entries = JSON.parse(readFileSync(cc, 'utf8')) as { command?: string; arguments?: string[]; directory?: string }[];
        for (const e of entries) {
          const args = e.arguments ?? (e.command ?? '').split(/\s+/);
          for (let i = 0; i < args.length; i++) {
            const inc = args[i] === '-I' ? args[i + 1] : args[i].startsWith('-I') ? args[i].slice(2) : undefined;
            const abs = inc && path.resolve(e.directory ?? dir, inc);
            if (abs && existsSync(path.join(abs, 'catlass'))) return abs;
          }
        }
      } catch {
        // a compile_commands.json that does not parse gives no include path
      }
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

const readIfFile = (p: string): string | undefined => {
  try {
    return statSync(p).isFile() ? readFileSync(p, 'utf8') : undefined;
  } catch {
    return undefined;
  }
};

/** A `.tla` file with Catlass's headers: the statements the headers resolve replace what the layout evaluator could not say. */
/** The TLA sites of the template's header read under the instantiation (its parameters and members bound inside the selected body). */
function templateBody(res: ReturnType<typeof evaluateScratch>, alias: string | undefined, header: string) {
  const ib = alias ? instanceBindings(res, alias) : undefined;
  if (!ib || path.resolve(ib.file) !== header || !existsSync(header)) return undefined;
  const text = readFileSync(header, 'utf8');
  const analyzer = new CppAnalyzer(res.arch);
  analyzer.instantiation = [ib];
  const a = analyzer.analyze(text);
  return { header, instance: ib.selected, sites: cppSites(a, new LineIndex(text)) };
}

/** The instantiation's buffer budgets (its block's static_asserts on L1/L0 and event ids), numbers as numbers, unknown as null. */
function budgetsJson(res: ReturnType<typeof evaluateScratch>, alias: string) {
  const n = (v: bigint | undefined) => (v === undefined ? null : Number(v));
  return budgetsOf(res, alias).map((b) => ({
    name: b.name,
    unit: b.unit,
    used: n(b.used),
    capacity: n(b.capacity),
    pass: b.pass ?? null,
    text: budgetLine(b),
    usedText: b.usedText,
    capacityText: b.capacityText,
    parts: b.parts.map((p) => ({ label: p.label, size: n(p.size), count: n(p.count) })),
    message: b.message,
    header: b.header,
    line: b.line,
  }));
}

/**
 * `--instance FILE:LINE` inside a function template (the site's line, or a call of the function):
 * the site read under a call of the workspace (the current directory), its file's text with the
 * function's parameters bound; undefined for any other site.
 */
function functionInstance(site: string, text: string, line: number, dir: string, header: string | undefined): InstanceChoice | undefined {
  const index = new HeaderIndex();
  const rel = (f: string) => path.relative(dir, f).split(path.sep).join('/');
  indexIncludes(index, dir, [...includesOfText(text), ...(header ? [rel(path.resolve(dir, header))] : [])], readIfFile);
  const h = header ? path.resolve(dir, header) : undefined;
  return instanceChoiceNow(path.resolve(site), text, line, [process.cwd()], [dir], { index, root: dir, arch: 2201 }, h);
}

function evaluateWithHeaders(
  file: string,
  text: string,
  dir: string,
  json: boolean,
  out: (s: string) => void,
  /** `own`: a site inside a function template, read under a call (its file's facts are indexed: what its statements name). */
  instance?: { alias?: string; header?: string; own?: InstanceChoice; at?: { lines: number[]; indent: number[]; site: number } },
) {
  const index = new HeaderIndex();
  const own = instance?.own;
  const at = instance?.at && {
    ...instance.at,
    lines: [...(own ? [0] : []), ...instance.at.lines],
    indent: [...(own ? [0] : []), ...instance.at.indent],
  };
  /** A scratchpad line and column as the file's (the site's line for one the file does not write). */
  const fileLine = (l: number) => (at ? at.lines[l - 1] || (own?.line ?? at.site) : l);
  const fileColumn = (l: number, c: number) => (at ? (at.lines[l - 1] ? c + (at.indent[l - 1] ?? 0) : 1) : c);
  if (own) {
    index.setFile(path.resolve(own.file), own.text);
    text = `#include "${path.relative(dir, path.resolve(own.file)).split(path.sep).join('/')}"\n${text}`;
  }
  indexIncludes(index, dir, includesOfText(text), readIfFile);
  const res = evaluateScratch(text, index, headerNameUnder(dir), 2201, dir);
  const a = res.analysis;
  const lines = new LineIndex(text);
  const extra: ReturnType<typeof diagnosticJson>[] = [];
  const covered = (d: DocumentAnalysis['diagnostics'][number]) =>
    [...res.resolved.values()].some((s) => d.start >= s.start && d.start <= s.end && ('ok' in s.outcome || 'error' in s.outcome));
  for (const s of res.resolved.values()) {
    if (!('error' in s.outcome)) continue;
    const e = s.outcome.error;
    const p = lines.position(s.start);
    const q = lines.position(s.end);
    const where = e.selected ? ` (in ${e.selected.copy} at ${e.selected.header}:${e.selected.line}, the specialisation selected)` : '';
    extra.push({
      line: p.line + 1,
      column: p.character + 1,
      endLine: q.line + 1,
      endColumn: q.character + 1,
      severity: 'error',
      code: 'static-assert-failed' as const,
      message: `static_assert failed: ${e.text} (${e.header}:${e.line})${where}`,
    });
  }
  const diagnostics = [...a.diagnostics.filter((d) => !covered(d)).map((d) => diagnosticJson(a, lines, d)), ...extra]
    .map((d) => ({
      ...d,
      line: fileLine(d.line),
      column: fileColumn(d.line, d.column),
      endLine: fileLine(d.endLine),
      endColumn: d.endLine === d.line ? fileColumn(d.line, d.endColumn) : fileColumn(d.endLine, d.endColumn),
    }))
    .sort((x, y) => x.line - y.line);
  const statements = a.statements
    .filter((s) => !s.chunk.preprocessor)
    .map((s) => {
      const name = s.declaredName ?? null;
      const r = name ? res.resolved.get(name) : undefined;
      const fields = r && 'ok' in r.outcome ? (r.outcome.ok.k === 'tla' ? summarizeTla(r.outcome.ok.value) : outcomeFields(r.outcome)) : undefined;
      const line = fileLine(lines.position(a.startOf(s)).line + 1);
      return {
        line,
        name,
        value: fields ?? (r ? null : s.result?.value ? summarize(s.result.value) : null),
        diagnostics: diagnostics.filter((d) => d.line === line),
      };
    });
  const members = instance?.alias ? instanceMembers(res, instance.alias) : undefined;
  if (members?.error) {
    const e = members.error;
    diagnostics.push({
      line: fileLine(1),
      column: 1,
      endLine: fileLine(1),
      endColumn: 1,
      severity: 'error',
      code: 'static-assert-failed' as const,
      message: `static_assert failed: ${e.text} (${e.header}:${e.line})`,
    });
  }
  const failed = diagnostics.some((d) => d.severity === 'error');
  const body = instance?.header ? templateBody(res, instance.alias, path.resolve(dir, instance.header)) : undefined;
  const budgets = instance?.alias ? budgetsJson(res, instance.alias) : undefined;
  const result = {
    file,
    ...(own?.via ? { via: own.via } : {}),
    statements,
    diagnostics,
    ...(members ? { members: members.members } : {}),
    ...(budgets ? { budgets } : {}),
    ...(body ?? {}),
  };
  if (json) return { json: result, failed };
  if (own?.via) out(`${file}:${own.line}: as instantiated via ${own.via}`);
  if (body)
    for (const s of body.sites)
      out(`${body.header}:${s.line}:${s.column}: ${s.alias ? `using ${s.alias} = ` : ''}${s.text}  ▸ ${s.value ?? '(no value)'}`);
  for (const b of budgets ?? []) out(`${b.header}:${b.line}: budget ${b.text}`);
  for (const s of statements)
    if (s.value)
      out(
        `${file}:${s.line}: ${s.name ? `${s.name} = ` : ''}${String((s.value as { text?: string; type?: string }).type ?? (s.value as { text?: string }).text ?? '')}`,
      );
  // the instantiated class's members, as --json's `members` gives them: a member whose value is not determined says why
  const siteLine = own?.line ?? at?.site;
  for (const m of members?.members ?? []) {
    const v = m.value as { text?: string; type?: string } | null;
    const text = v ? String(v.type ?? v.text ?? '') : `‹?›${m.error ? ` (${m.error})` : ''}`;
    out(`${file}:${siteLine ?? 1}: ${instance?.alias}::${m.name} = ${text}`);
  }
  if (members?.why) out(`${file}:${siteLine ?? 1}: no members: ${members.why}`);
  for (const d of diagnostics) out(`${file}:${d.line}:${d.column}: ${d.severity} ${d.code} ${d.message}`);
  return { failed };
}

function evaluate(given: string[], out: (s: string) => void): number {
  const { bindings, rest: args } = takeBindings(given, 'eval');
  const json = args.includes('--json');
  const { value: include, rest: afterInclude } = takeValue(args, '--include', 'eval', 'a directory');
  const { value: instance, rest } = takeValue(afterInclude, '--instance', 'eval', 'FILE:LINE');
  if (instance !== undefined && !/:\d+$/.test(instance)) throw new CliError('tla-layout eval: --instance needs FILE:LINE');
  if (instance) {
    const [, site, line] = /^(.*):(\d+)$/.exec(instance)!;
    const given = rest.filter((a) => a !== '--json')[0];
    const dir = includeDirFor(include, site);
    if (!dir) throw new CliError('tla-layout eval --instance: name the Catlass include folder with --include DIR');
    // HEADER as the shell completes it (from the current directory), or as an #include names it (below DIR)
    const header = given === undefined ? undefined : path.relative(dir, existsSync(given) ? path.resolve(given) : path.resolve(dir, given));
    const source = readSource(site);
    // a site inside a function template: read under a call of it (instanceChoiceNow says which)
    const choice = functionInstance(site, source, Number(line), dir, header);
    const { text, alias, sourceLines, sourceIndent } = siteScratchText(choice?.text ?? source, choice?.line ?? Number(line));
    const withHeader = header ? `#include "${header.split(path.sep).join('/')}"\n${text}` : text;
    // the scratchpad's lines as the file's: a line the file does not write (an #include added here) is the site's
    const at = { lines: [...(header ? [0] : []), ...sourceLines], indent: [...(header ? [0] : []), ...sourceIndent], site: Number(line) };
    const r = evaluateWithHeaders(site, withHeader, dir, json, out, { alias, header, at, ...(choice ? { own: choice } : {}) });
    if (json) out(JSON.stringify(r.json, null, 2));
    return r.failed ? 1 : 0;
  }
  const files = rest.filter((a) => a !== '--json');
  if (include !== undefined && !existsSync(include)) throw new CliError(`tla-layout eval: no include folder '${include}'`);
  const unknown = files.filter((f) => f.startsWith('--'));
  if (unknown.length) throw new CliError(`tla-layout eval: unknown option ${unknown[0]}\n\n${USAGE}`);
  if (files.length === 0) throw new CliError('tla-layout eval: name at least one file\n\n' + USAGE);
  const results = files.map((file) => evaluateFile(file, json, bindings, out, include));
  // one file: its object, as before; several: an array, one object per file in order
  if (json) out(JSON.stringify(files.length === 1 ? results[0].json : results.map((r) => r.json), null, 2));
  return results.some((r) => r.failed) ? 1 : 0;
}

function evaluateFile(
  file: string,
  json: boolean,
  bindings: Bindings,
  out: (s: string) => void,
  include?: string,
): { json?: unknown; failed: boolean } {
  const text = readSource(file);
  if (isCppPath(file)) return evaluateCpp(file, text, json, bindings, out, include);
  if (includesOfText(text).some((i) => /^(catlass|tla)\//.test(i))) {
    const dir = includeDirFor(include, file);
    if (dir) return evaluateWithHeaders(file, text, dir, json, out);
  }
  const a = new Analyzer(undefined, bindings, true).analyze(text);
  const lines = new LineIndex(text);
  const failed = a.diagnostics.some((d) => d.severity === 'error');
  if (json) {
    const statements = a.statements
      .filter((s) => !s.chunk.preprocessor)
      .map((s) => {
        const inside = a.diagnostics.filter((d) => d.start >= a.startOf(s) && d.start <= a.endOf(s));
        return {
          line: lines.position(a.startOf(s)).line + 1,
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
    const line = lines.position(a.startOf(s)).line + 1;
    const sum = summarize(v);
    const label = s.declaredName ? `${s.declaredName} = ` : '';
    const facts =
      sum.kind === 'layout' || sum.kind === 'tensor' ? `   rank ${sum.rank}, depth ${sum.depth}, size ${sum.size}, cosize ${sum.cosize}` : '';
    // a tile says what it is: `tile (4,4) of a at (6,10), valid (2,2): a tail tile`
    const pic = s.declaredName && statementDetails(s).tiles.length ? pictureOf(a, s.declaredName) : undefined;
    const tile = pic?.ok ? tileDescription(pic.picture) : undefined;
    out(`${file}:${line}: ${label}${sum.text}${facts}${tile ? `   ${tile}` : ''}`);
  }
  for (const d of a.diagnostics) out(diagnosticLine(file, lines, d));
  return { failed };
}

/** The runtime names a declared layout (a tensor's) is made of. */
function namesOfDeclared(d: { value: unknown } | undefined): string[] {
  const v = d?.value as { kind?: string; layout?: unknown } | null | undefined;
  const layout = v?.kind === 'tensor' ? v.layout : v?.kind === 'layout' ? v : undefined;
  return layout ? [...runtimeNames(layout)] : [];
}

/** What render draws of a declaration: a tensor's layout, else its value, when it is one render draws at all. */
function drawnValue(d: { value: unknown } | undefined): Parameters<typeof printValue>[0] | undefined {
  const v = d?.value as { kind?: string; layout?: unknown } | null | undefined;
  const drawn = v?.kind === 'tensor' ? v.layout : v;
  const kind = (drawn as { kind?: string } | null | undefined)?.kind;
  return kind === 'layout' || kind === 'tagObject' ? (drawn as Parameters<typeof printValue>[0]) : undefined;
}

/** `m`, `m and k`, `m, n and k`. */
function andList(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function render(given: string[], out: (s: string) => void): number {
  const { bindings, rest: args } = takeBindings(given, 'render');
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
  const [file, asked] = rest;
  const source = readSource(file);
  const a = analyzeFile(file, source, bindings);
  // NAME:LINE: the declaration of that name on that line (a C++ file may declare it again in another function or branch)
  const at = /^(.+):(\d+)$/.exec(asked);
  const name = at ? at[1] : asked;
  const lines = new LineIndex(source);
  const lineOf = (d: NonNullable<ReturnType<typeof a.declarations.get>>) => lines.position(declarationSpan(a, d).start).line + 1;
  const all = [...a.declarations.values()].filter((d) => d.name === name).sort((x, y) => lineOf(x) - lineOf(y));
  const chosen = at ? all.find((d) => lineOf(d) === Number(at[2])) : undefined;
  if (at && !chosen)
    throw new CliError(
      `tla-layout render: no declaration of '${name}' on line ${at[2]}${all.length ? ` (lines ${all.map(lineOf).join(', ')})` : ''}`,
    );
  const p = pictureOf(a, name, chosen);
  // more than one: which one is drawn, and how to ask for another
  if (!at && all.length > 1) {
    const last = a.declarations.get(name);
    process.stderr.write(
      `tla-layout render: '${name}' is declared on lines ${all.map(lineOf).join(', ')}; drawing line ${last ? lineOf(last) : '?'} (${name}:LINE draws another)\n`,
    );
  }
  if (!p.ok) {
    // declared but not drawable: its value (symbolic: what it is made of), why it is not drawn, what would draw it
    const d = chosen ?? a.declarations.get(name);
    const shown = drawnValue(d);
    if (!shown) throw new CliError(`tla-layout render: ${p.reason}`);
    out(`${name} = ${printValue(shown)}`);
    const symbolic = /known only at run time/.test(p.reason);
    // the names this layout is made of, each given a number in the flag's own form (the numbers are the user's to choose)
    const names = symbolic ? namesOfDeclared(d) : [];
    const why = symbolic
      ? names.length
        ? `its sizes are known only at run time; bind ${andList(names)} to draw it: --bind ${names.map((n) => `${n}=…`).join(',')}`
        : 'its sizes are known only at run time'
      : p.reason;
    process.stderr.write(`tla-layout render: '${name}' is not drawn: ${why}\n`);
    return 1;
  }
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
        return check(rest, out, err);
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
