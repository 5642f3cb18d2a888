// 03 — 2x3 column-major (guide: "2x3 Column-Major").
//
//   shape  = (2, 3)
//   stride = (1, 2)
// One step down a column moves 1 element, one step to the next column moves
// 2 (the column height): offset(i, j) = i*1 + j*2.
using namespace tla;

auto shape  = MakeShape(2, 3);
auto stride = MakeStride(1, 2);
Layout colMajor = MakeLayout(shape, stride);

// The guide's table, in its order (column by column).
static_assert(colMajor(MakeCoord(0, 0)) == 0);
static_assert(colMajor(MakeCoord(1, 0)) == 1);
static_assert(colMajor(MakeCoord(0, 1)) == 2);  // 0 + 1*2
static_assert(colMajor(MakeCoord(1, 1)) == 3);  // 1 + 1*2
static_assert(colMajor(MakeCoord(0, 2)) == 4);  // 0 + 2*2
static_assert(colMajor(MakeCoord(1, 2)) == 5);  // 1 + 2*2

// The ColumnMajor tag builds the same layout: stride (_1, rows).
auto cm = MakeLayout<half, Catlass::layout::ColumnMajor>(2, 3);
static_assert(cm == colMajor);
