// Types of scripts/golden-includes.mjs (for the TypeScript tests that import it).
/** The headers the v3 oracle includes for every tile_copy case (goldens README, v3). */
export declare const V3_INCLUDES: readonly string[];
