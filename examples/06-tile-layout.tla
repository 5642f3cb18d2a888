// 06 — GetTileLayout and the tail tile (guide: "Obtaining TileLayout").
//
//   GetTileLayout(layout, tileShape, coord)
// tileShape: tile size in elements; coord: the element (row, col) of the
// tile's upper-left corner (NOT a tile index). The result is a view:
//   stride      = the parent's, unchanged (memory did not move);
//   shape       = tileShape, nested like the parent ((inner, count) per mode);
//   originShape = min(tile[d], max(origin[d] - coord[d], 0)) per mode.
// Offsets of the tile view are relative to the tile's corner.
using namespace tla;

// The guide's layout `a`: the 8 x 12 zN-style layout of 04/05, all static.
Layout a = Layout<Shape<Shape<_4, _2>, Shape<_4, _3>>,
                  Stride<Stride<_4, _16>, Stride<_1, _32>>,
                  Shape<_8, _12>>{};

Layout a0 = GetTileLayout(a, MakeShape(4, 4), MakeCoord(6, 10));
// The stride remains unchanged, and the logical valid range is cropped to (2, 2).
// (The corner (6, 10) is not a multiple of the 4 x 4 tile; the tools flag that.)

static_assert(stride(a0) == stride(a));
// rows: min(4, max(8 - 6, 0)) = min(4, 2) = 2
// cols: min(4, max(12 - 10, 0)) = min(4, 2) = 2
static_assert(originShape(a0) == MakeShape(2, 2));
// shape: ((inner 4, ceil(4/4) = 1), (inner 4, ceil(4/4) = 1))
static_assert(shape(a0) == MakeShape(MakeShape(4, 1), MakeShape(4, 1)));

// An interior tile keeps originShape == tileShape:
// rows min(4, 8 - 4) = 4, cols min(4, 12 - 4) = 4.
Layout a1 = GetTileLayout(a, MakeShape(4, 4), MakeCoord(4, 4));
static_assert(originShape(a1) == MakeShape(4, 4));

// Tile offsets are relative to the tile corner. Here (6, 10) + (1, 1) = (7, 11):
// a(6, 10):  row 6 = (2, 1): 8 + 16 = 24;  col 10 = (2, 2): 2 + 64 = 66;  = 90
// a0(1, 1):  row 1 = (1, 0): 4;            col 1 = (1, 0): 1;           = 5
// a(7, 11):  row 7 = (3, 1): 12 + 16 = 28; col 11 = (3, 2): 3 + 64 = 67; = 95 = 90 + 5
static_assert(a(MakeCoord(6, 10)) == 90);
static_assert(a0(MakeCoord(1, 1)) == 5);
static_assert(a(MakeCoord(7, 11)) == 95);
