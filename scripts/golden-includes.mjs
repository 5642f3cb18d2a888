// What the goldens README's v3 oracle includes for every tile_copy case (its nine headers), in
// one place: scripts/golden-cli.mjs writes them into each case's scratch text for the CLI, and
// test/cpp/templatesGolden.test.ts does the same in process.
export const V3_INCLUDES = Object.freeze([
  'tla/layout.hpp',
  'tla/tensor.hpp',
  'catlass/layout/layout.hpp',
  'catlass/matrix_coord.hpp',
  'catlass/gemm_coord.hpp',
  'catlass/conv_coord.hpp',
  'catlass/detail/tag_to_layout.hpp',
  'catlass/gemm/tile/tile_copy.hpp',
  'catlass/epilogue/tile/tile_copy.hpp',
]);
