// 12 — Ascend 950 (CATLASS_ARCH 3510): MX-scale layouts of float8_e8m0_t and fp4 data.
#define CATLASS_ARCH 3510
using namespace Catlass;

// A side, RowMajor: (rows, (_2, ⌈cols/2⌉)) : (RoundUp(cols, 2), (_1, _2)) — 64×7 gives
// ((64, (_2, 4)) : (8, (_1, _2))).
auto scaleA = tla::MakeMxScaleLayout<float8_e8m0_t, layout::RowMajor, false>(64, 7);
static_assert(scaleA == (64,(_2,4)):(8,(_1,_2)):(64,7));
// (3, 5): 3·8 + (5 % 2)·1 + (5 / 2)·2 = 24 + 1 + 4 = 29. tla::MakeCoord, not Catlass's.
static_assert(scaleA(tla::MakeCoord(3, 5)) == 29);
static_assert(tla::detail::isMxScaleForRowMajorA<float8_e8m0_t, decltype(scaleA)>::value == true);

// B side, ColumnMajor: ((_2, ⌈rows/2⌉), cols) : ((_1, _2), RoundUp(rows, 2)).
auto scaleB = tla::MakeMxScaleLayout<float8_e8m0_t, layout::ColumnMajor, true>(6, 32);
static_assert(scaleB == ((_2,3),32):((_1,_2),6):(6,32));
static_assert(tla::detail::isMxScaleForColumnMajorB<float8_e8m0_t, decltype(scaleB)>::value == true);

// A tile of the A-side scale: the one-sided branch keeps (_2, ⌈cols/2⌉) nested.
auto scaleTile = GetTileLayout(scaleA, tla::MakeShape(16, 4), tla::MakeCoord(48, 4));
static_assert(scaleTile == (16,(_2,2)):(8,(_1,_2)):(16,3));

// fp4 data counts 4 bits: a row of 63 is padded to RoundUp(63, 2) = 64, and C0 is 64 in zN.
auto dataA = tla::MakeLayout<float4_e2m1x2_t, layout::RowMajor>(16, 63);
static_assert(dataA == (16,63):(64,_1):(16,63));
auto dataZn = tla::MakeLayout<float4_e2m1x2_t, layout::zN>(16, 128);
static_assert(dataZn == ((_16,1),(_64,2)):((_64,_1024),(_1,1024)):(16,128));
