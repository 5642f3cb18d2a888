// 04 — A nested (zN-style) layout (guide: "Understanding Nested Layouts Using zN").
//
//   shape  = ((4, 2), (4, 3))
//   stride = ((4, 16), (1, 32))
// Rows: an inner block of 4 rows (stride 4), repeated 2 times (stride 16).
// Cols: an inner block of 4 cols (stride 1), repeated 3 times (stride 32).
// So each 4x4 block is row-major inside (16 contiguous elements) and the
// blocks run down a column of blocks first: the "z inside, N outside" order.
// A row coordinate r splits into (r % 4, r / 4), a column c into (c % 4, c / 4).
using namespace tla;

Layout zn = MakeLayout(MakeShape(MakeShape(4, 2), MakeShape(4, 3)),
                       MakeStride(MakeStride(4, 16), MakeStride(1, 32)));

// Logical size is 8 x 12 (deduced originShape = (4*2, 4*3)).
static_assert(originShape(zn) == MakeShape(8, 12));
static_assert(rank(zn) == 2);
static_assert(depth(zn) == 2);

static_assert(zn(MakeCoord(0, 0)) == 0);
static_assert(zn(MakeCoord(0, 3)) == 3);   // col 3 = (3, 0): 3*1
static_assert(zn(MakeCoord(1, 0)) == 4);   // row 1 = (1, 0): 1*4
static_assert(zn(MakeCoord(3, 3)) == 15);  // 3*4 + 3*1: last element of block (0, 0)
static_assert(zn(MakeCoord(4, 0)) == 16);  // row 4 = (0, 1): 1*16 -> the block below
static_assert(zn(MakeCoord(0, 4)) == 32);  // col 4 = (0, 1): 1*32 -> the block to the right
static_assert(zn(MakeCoord(7, 11)) == 95); // row 7 = (3,1): 12+16 = 28; col 11 = (3,2): 3+64 = 67; 28+67 = 95 = 8*12 - 1
