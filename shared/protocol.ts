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
  /**
   * Runtime names bound by the layout view only (its stepper: `{ kIdx: '3' }`, decimal integers),
   * over the file's `// tla:` comments and the setting; never written to the file.
   */
  bindings?: Record<string, string>;
}

/**
 * A runtime name the tile's coordinate reads (a loop index, a block coordinate: `kIdx`,
 * `blockCoord.m()`), which the view steps: from `start` by `step`, below `end` where the file's
 * loop says it (`for (uint32_t kIdx = 0; kIdx < kTiles; kIdx++)`: 0, 1, 4).
 */
export interface PictureStepper {
  name: string;
  /** The value the picture was drawn with (the view's binding), or null: unbound. */
  value: number | null;
  start: number;
  /** Exclusive; null: the file says no bound (or one not known as a number). */
  end: number | null;
  step: number;
  /** The loop's condition as written (`kIdx < kTiles`), or null. */
  bound: string | null;
  /** What the file's `// tla:` comment or the tlaLayout.bindings setting binds the name to, or null: the view takes it when it changes. */
  fileValue?: number | null;
}

export interface PictureAnswer {
  name: string | null;
  picture: Picture | null;
  /** Why there is no picture, for the view to say. */
  reason: string | null;
  /** Where the declaration is, for "reveal the statement". */
  range: Range | null;
  version: number;
  /** The names the view can step (a kernel tile's loop index or block coordinate); absent: none. */
  steppers?: PictureStepper[];
  /** No picture because its sizes are known only at run time: the names the view offers to bind (`Bind m…`). */
  bind?: string[];
  /** No picture of a declared layout (symbolic, too large): its value, printed (`(m,k):(k,_1):(m,k)`), for the view to show. */
  value?: string;
  /** The kernel's template parameters drawn at their default, no instantiation read (`TILE_K = 64`), for the view to say. */
  defaults?: string[];
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
  /** The file name Save As proposes, the kernel line's (`block_mmad_pingpong_tla.hpp-L150.tla`). */
  fileName?: string;
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

// ---- tlaLayout/instantiations: the user's choice of a template's instantiation ----------

/** Template name → the site chosen for it, as the hover names it (`kernel/demo_kernel.cpp:8`). */
export type InstantiationChoices = Record<string, string>;

/**
 * Every choice the user made in this workspace (the client keeps them in its workspace state);
 * sent at initialize as `initializationOptions.instantiations` and whenever one changes.
 */
export const InstantiationsNotification = { method: 'tlaLayout/instantiations' } as {
  method: string;
  readonly types?: { params: { choices: InstantiationChoices } };
};

// ---- commands the server names in code lenses and code actions -------------------------

/** Arguments: the document's uri and the declared name. */
export const SHOW_LAYOUT_COMMAND = 'tlaLayout.showLayout';

/** The quick pick of a template's instantiation sites. */
export interface ChooseInstantiationArgs {
  template: string;
  /** Each site: `where` is what the choice records; label and detail what the pick shows (file:line, key arguments). */
  sites: { where: string; label: string; detail: string }[];
  /** The site used now, if any. */
  used?: string;
  /** The template's other candidate sites are still being resolved: `sites` are those found so far. */
  pending?: true;
}

/** Argument: a ChooseInstantiationArgs. */
export const CHOOSE_INSTANTIATION_COMMAND = 'tlaLayout.chooseInstantiation';

// ---- the layout view's messages ---------------------------------------------------------

export type ToWebview = { type: 'picture'; name: string; answer: PictureAnswer | null };
/** `step`: the stepper set `name` to `value` (the view's own binding, sent with the next picture request). */
/** `bind`: the user pressed "Bind NAME…" (the extension asks for the number and writes the file's // tla: comment). */
export type FromWebview = { type: 'ready' } | { type: 'reveal' } | { type: 'step'; name: string; value: number } | { type: 'bind'; name: string };
