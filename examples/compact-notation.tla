// compact-notation — the shape:stride[:originShape] literal and print().
//
// The tools print every layout as shape:stride:originShape, with `_` on
// static integers. The same text is a valid expression, so a printed value
// can be pasted back into a file. Each side is an IntTuple in parentheses
// ((8) is a rank-1 tuple here) or a bare integer.
using namespace tla;

// Two parts: originShape deduced as in MakeLayout(shape, stride) — the
// product of each top-level mode of the shape, here (2, 4).
auto w2xh4 = (_2, 4):(_12, _1);
print(w2xh4);   // (_2,4):(_12,_1):(2,4)
static_assert(w2xh4 == MakeLayout(MakeShape(_2, 4), MakeStride(_12, _1)));
static_assert(originShape(w2xh4) == MakeShape(2, 4));

// Three parts: an explicit originShape — here the zN layout of a 100 x 100
// half matrix, exactly as printed for MakeLayout<half, zN>(100, 100).
auto zn = ((_16,7),(_16,7)):((_16,_256),(_1,1792)):(100,100);
print(zn);
static_assert(zn == MakeLayout<half, Catlass::layout::zN>(100, 100));

// A rank-1 layout: (8) is the tuple of one element.
auto v = (8):(_1);
static_assert(v == MakeLayout(8));

// Literals are ordinary layout values: query them, tile them, call them.
static_assert(shape<1>(zn) == MakeShape(16, 7));
static_assert(zn(MakeCoord(1, 17)) == 1809);   // row (1,0): 16; col (1,1): 1 + 1792
print(GetTileLayout(zn, MakeShape(32, 48), MakeCoord(96, 96)));
// ((_16,2),(_16,3)):((_16,_256),(_1,1792)):(4,4)

// print shows integers too; `_` marks a static (compile-time) integer.
print(CeilDiv(_32, _16));                                  // _2   (static / static)
print(CeilDiv(32, _16));                                   // 2    (a plain literal is dynamic)
print(crd2offset(MakeCoord(_3, _1), MakeShape(_4, _2), MakeStride(_1, _4)));   // _7 = 3*1 + 1*4
