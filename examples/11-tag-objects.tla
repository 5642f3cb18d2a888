// 11 — Catlass::layout tag objects and tla::MakeLayoutFromTag. A tag holds runtime
// shape/stride vectors, so every leaf read from it is dynamic — and the type-level
// predicates (iszN, …) then read it as 0: a zN from a tag is not zN to iszN.
using namespace Catlass;

layout::RowMajor tagA = layout::RowMajor::MakeLayout<half>(64, 100);
auto la = tla::MakeLayoutFromTag(tagA);
static_assert(la == (64,100):(100,_1):(64,100));

// zN tag of half, 40×48: shape (16, RU(40,16)/16, 16, RU(48,16)/16) = (16, 3, 16, 3),
// stride (16, 256, 1, RU(40,16)·16) = (16, 256, 1, 768).
layout::zN tagB = layout::zN::MakeLayout<half>(40, 48);
auto lb = tla::MakeLayoutFromTag(tagB);
static_assert(lb == ((16,3),(16,3)):((16,256),(1,768)):(40,48));
static_assert(tla::detail::iszN<half, decltype(lb)>::value == false);

// The same values from MakeLayout<half, zN>: static 16s, so iszN holds.
auto lz = tla::MakeLayout<half, layout::zN>(40, 48);
static_assert(tla::detail::iszN<half, decltype(lz)>::value == true);

// tag.GetTileLayout(MatrixCoord{32, 16}): (16, ⌈32/16⌉, 16, ⌈16/16⌉), stride kept, orgShape (32, 16).
auto tileB = tla::MakeLayoutFromTag(tagB.GetTileLayout(MatrixCoord{32u, 16u}));
static_assert(tileB == ((16,2),(16,1)):((16,256),(1,768)):(32,16));

// A tag constructed with a leading dimension: RowMajor(rows, cols, ld).
layout::RowMajor padded(8, 100, 128);
static_assert(tla::MakeLayoutFromTag(padded) == (8,100):(128,_1):(8,100));
