// The custom requests between the extension (client), the layout view (webview) and the
// language server, typed once. All three import this module; it imports only the picture's
// data model, so it runs in node and in the browser alike.
import type { Picture } from './picture';

export interface Position {
  line: number;
  character: number;
}
export interface Range {
  start: Position;
  end: Position;
}

/** A request: its method name, and (for the compiler only) its params and result. */
export interface Request<P, R> {
  method: string;
  /** never set: carries the types */
  readonly types?: { params: P; result: R };
}
const request = <P, R>(method: string): Request<P, R> => ({ method });

// ---- tlaLayout/picture: the picture of a declaration -----------------------------------

export interface PictureParams {
  textDocument: { uri: string };
  /** The declared name to draw; or a position inside its statement. */
  name?: string;
  position?: Position;
}

export interface PictureAnswer {
  name: string | null;
  picture: Picture | null;
  /** Why there is no picture, for the view to say. */
  reason: string | null;
  /** Where the declaration is, for "reveal the statement". */
  range: Range | null;
  version: number;
}

export const PictureRequest = request<PictureParams, PictureAnswer | null>('tlaLayout/picture');

// ---- tlaLayout/scratchpad: a C++ TLA expression as a .tla document ---------------------

export interface ScratchpadParams {
  textDocument: { uri: string };
  position: Position;
}

export interface ScratchpadAnswer {
  text: string | null;
  reason: string | null;
  /** A short name for the new document's tab (e.g. `matmul_kernel.cpp:42`). */
  title?: string;
}

export const ScratchpadRequest = request<ScratchpadParams, ScratchpadAnswer | null>('tlaLayout/scratchpad');

// ---- tlaLayout/workspaceIndex: what the workspace's header index holds --------------------

export interface WorkspaceIndexAnswer {
  /** idle: complete; walking: finding the headers; indexing: reading them. */
  state: 'idle' | 'walking' | 'indexing';
  /** The include roots indexed (each holds catlass/ and tla/). */
  roots: string[];
  /** Headers indexed, and their bytes. */
  files: number;
  bytes: number;
  /** Headers waiting to be read. */
  queued: number;
  /** Headers left out, by reason (large, binary, unreadable, depth, files, bytes). */
  skipped: Record<string, number>;
  /** One hash of every indexed header's path and text: two indexes of one tree answer the same. */
  digest: string;
}

/** `digest: false` leaves the digest out (empty): it sorts and hashes every entry, too much to ask while polling. */
export const WorkspaceIndexRequest = request<{ digest?: boolean }, WorkspaceIndexAnswer>('tlaLayout/workspaceIndex');

// ---- tlaLayout/backgroundWork: whether the server still works off the request path ----------

/**
 * What the server computes in the background and tells the editor of when done (a header's
 * instantiation, a kernel's site warnings): a measurement (`npm run corpus`) asks again until
 * nothing is left, so it reads the answers an editor shows a moment after opening a file.
 */
export interface BackgroundWorkAnswer {
  /** The header index: idle, walking or indexing (as tlaLayout/workspaceIndex says). */
  index: WorkspaceIndexAnswer['state'];
  /** The instantiation sites are still being found, or a header's instantiation resolved. */
  instances: boolean;
  /** A kernel's instantiation-site warnings are being computed. */
  warnings: boolean;
}

export const BackgroundWorkRequest = request<Record<string, never>, BackgroundWorkAnswer>('tlaLayout/backgroundWork');

// ---- commands the server names in code lenses and code actions -------------------------

/** Arguments: the document's uri and the declared name. */
export const SHOW_LAYOUT_COMMAND = 'tlaLayout.showLayout';

// ---- the layout view's messages ---------------------------------------------------------

export type ToWebview = { type: 'picture'; name: string; answer: PictureAnswer | null };
export type FromWebview = { type: 'ready' } | { type: 'reveal' };
