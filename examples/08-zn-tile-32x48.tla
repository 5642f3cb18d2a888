// 08 — A 32 x 48 tile of the 100 x 100 zN layout (guide: "tile logical size
// = (32, 48), tile shape = ((16, 2), (16, 3))").
//
// The tile is asked for as (rows, cols) = (32, 48); because the parent is zN,
// its shape() is re-expressed in the parent's structure: (16, 32/16 = 2) rows
// and (16, 48/16 = 3) cols. Structure conversion, no data rearrangement:
// stride() is the parent's, so the access rules are unchanged.
// The guide does not give the tile's corner; (32, 48) is chosen here.
using namespace tla;

auto zn = MakeLayout<half, Catlass::layout::zN>(100, 100);
auto tile = GetTileLayout(zn, MakeShape(32, 48), MakeCoord(32, 48));

static_assert(shape(tile) == MakeShape(MakeShape(16, 2), MakeShape(16, 3)));
static_assert(stride(tile) == stride(zn));
// Interior tile: rows min(32, 100 - 32 = 68) = 32, cols min(48, 100 - 48 = 52) = 48.
static_assert(originShape(tile) == MakeShape(32, 48));

// Same shape at the bottom-right corner (96, 96), but only 4 x 4 elements valid:
// rows min(32, 100 - 96) = 4, cols min(48, 100 - 96) = 4.
auto corner = GetTileLayout(zn, MakeShape(32, 48), MakeCoord(96, 96));
static_assert(shape(corner) == MakeShape(MakeShape(16, 2), MakeShape(16, 3)));
static_assert(originShape(corner) == MakeShape(4, 4));

// Offsets: parent offset of the tile corner + tile-relative offset = parent
// offset (the corner sits on a 16 x 16 fractal boundary). Stride ((16,256),(1,1792)).
// zn(32, 48):   row 32 = (0, 2): 512;        col 48 = (0, 3): 5376;       = 5888
// tile(1, 17):  row 1 = (1, 0): 16;          col 17 = (1, 1): 1 + 1792;   = 1809
// zn(33, 65):   row 33 = (1, 2): 16 + 512;   col 65 = (1, 4): 1 + 7168;   = 7697 = 5888 + 1809
static_assert(zn(MakeCoord(32, 48)) == 5888);
static_assert(tile(MakeCoord(1, 17)) == 1809);
static_assert(zn(MakeCoord(33, 65)) == 7697);
