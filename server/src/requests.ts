// Runs one request of the feature table: the document's current analysis in, the feature's
// answer out (the part of clangd's ClangdServer that hands a request its ParsedAST).
import { CancellationToken, ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import { AnalysedDocument, DocumentAnalyses, documentKind } from './documents';
import { EditedDocument } from './textDocument';

/** What a request needs of the server. */
export interface RequestHost {
  document(uri: string): EditedDocument | undefined;
  analyses: DocumentAnalyses;
  /** A request on a document: its diagnostics, if they are being prepared, wait for quiet again. */
  quiet(uri: string): void;
  log(message: string): void;
}

/** How one feature answers (see featureTable.ts). */
export interface RequestSpec<P, R> {
  /** For logs, errors and the fault injection (TLA_LAYOUT_FAULT=hover makes hover throw). */
  name: string;
  /** The answer for a document never opened (or already closed), or a C++ file the feature does not serve. */
  empty: R;
  /** Whether it serves C++ files: there only hovers, hints and certain diagnostics (clangd owns the rest). */
  inCpp: boolean;
  /** Data attached to every error answer (e.g. the pull's `retriggerRequest`). */
  errorData?: unknown;
  /** Whether a paused analysis already holds the answer (the viewport first); absent: it waits for the whole analysis. */
  answersFromPartial?: (doc: AnalysedDocument, params: P) => boolean;
}

type Answer<R> = R | ResponseError<unknown>;

/**
 * The handler of one request. A cancelled request answers RequestCancelled; a bug in one
 * feature is logged and answered as an error, and the server keeps serving. A request on a
 * document whose analysis has yielded (its time budget spent) waits for the rest of it, a
 * slice per turn of the event loop, so requests on other documents are served in between;
 * it is answered from a partial analysis only where the feature says that holds its answer.
 */
export function requestHandler<P extends { textDocument: { uri: string } }, R>(
  host: RequestHost,
  spec: RequestSpec<P, R>,
  fn: (doc: AnalysedDocument, params: P) => R | ResponseError<void>,
): (params: P, token?: CancellationToken) => Answer<R> | Promise<Answer<R>> {
  const { name, empty, inCpp, errorData, answersFromPartial } = spec;
  const failed = (code: number, message: string) => new ResponseError<unknown>(code, message, errorData);
  /** One attempt: the answer, or undefined while the document's analysis is not complete. */
  const attempt = (params: P, token?: CancellationToken): Answer<R> | undefined => {
    if (token?.isCancellationRequested) return failed(LSPErrorCodes.RequestCancelled, `${name} cancelled`);
    const doc = host.document(params.textDocument.uri);
    if (!doc) return empty;
    if (!inCpp && documentKind(doc) === 'cpp') return empty;
    try {
      if (process.env.TLA_LAYOUT_FAULT === name) throw new Error(`injected fault in ${name}`);
      const a = host.analyses.get(doc);
      if (!host.analyses.complete(a) && !answersFromPartial?.(a, params)) return undefined;
      const answer = fn(a, params);
      host.quiet(doc.uri);
      return answer instanceof ResponseError && errorData !== undefined ? failed(answer.code, answer.message) : answer;
    } catch (e) {
      host.log(`${name} failed on ${params.textDocument.uri}: ${(e as Error).stack ?? e}`);
      return failed(ErrorCodes.InternalError, `tla-layout: ${name} failed: ${(e as Error).message}`);
    }
  };
  return (params, token) => {
    const now = attempt(params, token);
    if (now !== undefined) return now;
    return new Promise<Answer<R>>((resolve) => {
      const step = () => {
        const r = attempt(params, token);
        if (r === undefined) setImmediate(step);
        else resolve(r);
      };
      setImmediate(step);
    });
  };
}
