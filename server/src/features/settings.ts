// User settings the server honours (contributed by package.json under `tlaLayout.*`).
import { DEFAULT_INDEX_LIMITS, IndexLimits } from '../headerTree';

export interface Settings {
  inlayHints: { tileLayouts: boolean; layouts: boolean; offsets: boolean };
  hover: { gridSize: number };
  cpp: { enabled: boolean };
  /** CATLASS_ARCH of files that do not #define it: 2201 (Atlas A2) or 3510 (Ascend 950). */
  arch: 2201 | 3510;
  /** Runtime names bound to numbers per file pattern: `{ "kernels/*.hpp": "m=1000 n=2000" }` (see shared/bindings.ts). */
  bindings: Record<string, string>;
  /** Where the Catlass headers are (empty: found in the workspace), and what indexing them may take. */
  catlass: { includePath: string[]; index: IndexLimits };
}

export const DEFAULT_SETTINGS: Settings = {
  inlayHints: { tileLayouts: true, layouts: true, offsets: true },
  hover: { gridSize: 16 },
  cpp: { enabled: true },
  arch: 2201,
  bindings: {},
  catlass: { includePath: [], index: DEFAULT_INDEX_LIMITS },
};

/** The include path setting (one folder, or several), and each index limit a positive whole number or its default. */
function readCatlass(raw: unknown): Settings['catlass'] {
  const r = (raw ?? {}) as { includePath?: unknown; index?: Record<string, unknown> };
  const paths = (Array.isArray(r.includePath) ? r.includePath : [r.includePath]).filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  const limit = (key: keyof IndexLimits) => {
    const v = r.index?.[key];
    return typeof v === 'number' && Number.isFinite(v) && v >= 1 ? Math.floor(v) : DEFAULT_INDEX_LIMITS[key];
  };
  return {
    includePath: paths.map((p) => p.trim()),
    index: { maxFiles: limit('maxFiles'), maxFileBytes: limit('maxFileBytes'), maxTotalBytes: limit('maxTotalBytes'), maxDepth: limit('maxDepth') },
  };
}

/** Merges what the client sent over the defaults, ignoring values of the wrong type. */
export function readSettings(raw: unknown): Settings {
  const r = (raw ?? {}) as {
    inlayHints?: Record<string, unknown>;
    hover?: Record<string, unknown>;
    cpp?: Record<string, unknown>;
    arch?: unknown;
    bindings?: unknown;
    catlass?: unknown;
  };
  const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
  const grid = r.hover?.gridSize;
  return {
    inlayHints: {
      tileLayouts: bool(r.inlayHints?.tileLayouts, DEFAULT_SETTINGS.inlayHints.tileLayouts),
      layouts: bool(r.inlayHints?.layouts, DEFAULT_SETTINGS.inlayHints.layouts),
      offsets: bool(r.inlayHints?.offsets, DEFAULT_SETTINGS.inlayHints.offsets),
    },
    hover: {
      gridSize: typeof grid === 'number' && Number.isFinite(grid) ? Math.max(1, Math.min(64, Math.floor(grid))) : DEFAULT_SETTINGS.hover.gridSize,
    },
    cpp: { enabled: bool(r.cpp?.enabled, DEFAULT_SETTINGS.cpp.enabled) },
    arch: r.arch === 3510 || r.arch === '3510' ? 3510 : DEFAULT_SETTINGS.arch,
    bindings:
      r.bindings && typeof r.bindings === 'object' && !Array.isArray(r.bindings)
        ? Object.fromEntries(Object.entries(r.bindings as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'))
        : {},
    catlass: readCatlass(r.catlass),
  };
}
