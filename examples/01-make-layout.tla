// 01 — Layout construction (guide: "Layout Construction").
//
// The guide's five ways to build a Layout, verbatim, followed by the printed
// form the guide gives for them ("The preceding layout can be written as
// follows"). A Layout is three IntTuples: shape (how memory is structured),
// stride (how far each step goes) and originShape (how much data is valid).
using namespace tla;

// 1. Directly provide the shape and stride. originShape is deduced by the system.
Layout w2xh4 = MakeLayout(MakeShape(Int<2>{}, 4),
                          MakeStride(Int<12>{}, Int<1>{}));
// Deduced originShape = product of each top-level mode of the shape: (2, 4).
static_assert(originShape(w2xh4) == MakeShape(2, 4));
// Offset of (1, 3) = 1*12 + 3*1 = 15: a row is 12 elements apart (padded rows).
static_assert(w2xh4(MakeCoord(1, 3)) == 15);

// 2. Nested layout. originShape is implicitly deduced to (16*2, 16*3) = (32, 48).
Layout w32xh48 = MakeLayout(MakeShape(MakeShape(16, 2), MakeShape(16, 3)),
                            MakeStride(MakeStride(16, 256), MakeStride(1, 512)));
static_assert(originShape(w32xh48) == MakeShape(32, 48));
static_assert(rank(w32xh48) == 2);   // two top-level modes: rows, cols
static_assert(depth(w32xh48) == 2);  // each mode is itself a (inner, outer) tuple

// 3. Explicitly specify originShape.
Layout w2xh4_explicit = MakeLayout(MakeShape(Int<2>{}, 4),
                                   MakeStride(Int<12>{}, Int<1>{}),
                                   MakeShape(2, 4));

Layout w32xh48_explicit = MakeLayout(MakeShape(MakeShape(16, 2), MakeShape(16, 3)),
                                     MakeStride(MakeStride(16, 256), MakeStride(1, 512)),
                                     MakeShape(32, 48));
// The explicit originShapes equal the deduced ones, so the layouts are equal
// (layouts compare by shape, stride and originShape).
static_assert(w2xh4_explicit == w2xh4);
static_assert(w32xh48_explicit == w32xh48);

// 4. When rank=2, you can also use LayoutTag + (rows, cols) for construction.
auto rm = MakeLayout<float, Catlass::layout::RowMajor>(2, 4);
// RowMajor(r, c): shape (r, c), stride (c, _1), originShape (r, c).
static_assert(shape(rm) == MakeShape(2, 4));
static_assert(stride(rm) == MakeStride(4, 1));
static_assert(originShape(rm) == MakeShape(2, 4));

// 5. One-dimensional VectorLayout
auto vec = MakeLayout(128);
// shape (128), stride (_1), originShape (128): rank-1 tuples.
static_assert(shape(vec) == MakeShape(128));
static_assert(stride(vec) == MakeStride(1));
static_assert(rank(vec) == 1);

// The guide prints the first two layouts as shape:stride:
//   w2xh4   : (_2, 4):(_12, _1)
//   w32xh48 : ((16, 2), (16, 3)):((16, 256), (1, 512))
// The compact literal reads that text back; with the originShape omitted it
// is deduced as in 1. and 2. (static `_` marks are not compared).
auto w2xh4_printed   = (_2, 4):(_12, _1);
auto w32xh48_printed = ((16, 2), (16, 3)):((16, 256), (1, 512));
static_assert(w2xh4_printed == w2xh4);
static_assert(w32xh48_printed == w32xh48);
