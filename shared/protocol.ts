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

// ---- commands the server names in code lenses and code actions -------------------------

/** Arguments: the document's uri and the declared name. */
export const SHOW_LAYOUT_COMMAND = 'tlaLayout.showLayout';

// ---- the layout view's messages ---------------------------------------------------------

export type ToWebview = { type: 'picture'; name: string; answer: PictureAnswer | null };
export type FromWebview = { type: 'ready' } | { type: 'reveal' };
