// 02 — 2x3 row-major (guide: "Understanding Shape and Stride ... 2x3 Row-Major").
//
//   shape  = (2, 3)
//   stride = (3, 1)
// One step along a row (next row) moves 3 elements, one step along a column
// (next column) moves 1: offset(i, j) = i*3 + j*1.
using namespace tla;

auto shape  = MakeShape(2, 3);
auto stride = MakeStride(3, 1);
Layout rowMajor = MakeLayout(shape, stride);

// The guide's table "Logical Coordinate -> Linear Address", row by row.
static_assert(rowMajor(MakeCoord(0, 0)) == 0);
static_assert(rowMajor(MakeCoord(0, 1)) == 1);
static_assert(rowMajor(MakeCoord(0, 2)) == 2);
static_assert(rowMajor(MakeCoord(1, 0)) == 3);  // 1*3 + 0
static_assert(rowMajor(MakeCoord(1, 1)) == 4);  // 1*3 + 1
static_assert(rowMajor(MakeCoord(1, 2)) == 5);  // 1*3 + 2

// The same mapping through crd2offset(coord, shape, stride).
static_assert(crd2offset(MakeCoord(1, 2), shape, stride) == 5);

// What a kernel writes: the RowMajor tag builds the same layout
// (stride (cols, _1); static marks are not compared).
auto rm = MakeLayout<half, Catlass::layout::RowMajor>(2, 3);
static_assert(rm == rowMajor);
