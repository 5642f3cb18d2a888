// matmul-kernel — the layouts of one block-tiled matmul C = A * B.
//
//   M = 300, N = 500, K = 200 (none of them a multiple of its tile)
//   A (M x K): half, zN        B (K x N): half, nZ        C (M x N): L0C
//   block tiles: C 128 x 256 (tileM x tileN), A 128 x 128, B 128 x 256 (tileK = 128)
// GetTileLayout gives each block its view; originShape carries the valid
// extent, so a tail block needs no hand-written "if (last block)" logic:
//   originShape[d] = min(tile[d], max(origin[d] - coord[d], 0)).
// Conventions used in the hand derivations below: for an inner size of 16,
// a row r splits into (r % 16, r / 16) and a column c into (c % 16, c / 16).
using namespace tla;

uint32_t m = 300;
uint32_t n = 500;
uint32_t k = 200;
uint32_t tileM = 128;
uint32_t tileN = 256;
uint32_t tileK = 128;

// Block grid: ceil(300/128) = 3 row blocks (0, 128, 256), ceil(500/256) = 2
// column blocks (0, 256), ceil(200/128) = 2 k blocks (0, 128).
auto mBlocks = CeilDiv(m, tileM);
auto nBlocks = CeilDiv(n, tileN);
auto kBlocks = CeilDiv(k, tileK);
static_assert(mBlocks == 3);
static_assert(nBlocks == 2);
static_assert(kBlocks == 2);
auto lastM = (mBlocks - 1) * tileM;   // 256
auto lastN = (nBlocks - 1) * tileN;   // 256
auto lastK = (kBlocks - 1) * tileK;   // 128

// ---------------------------------------------------------------- A: 300 x 200, zN, half
// shape ((_16, ceil(300/16) = 19), (_16, ceil(200/16) = 13))
// stride ((_16, _256), (_1, RoundUp(300, 16) * 16 = 304 * 16 = 4864))
auto layoutA = MakeLayout<half, Catlass::layout::zN>(m, k);
static_assert(shape(layoutA) == MakeShape(MakeShape(16, 19), MakeShape(16, 13)));
static_assert(stride(layoutA) == MakeStride(MakeStride(16, 256), MakeStride(1, 4864)));
static_assert(originShape(layoutA) == MakeShape(300, 200));

// ---------------------------------------------------------------- B: 200 x 500, nZ, half
// shape ((_16, ceil(200/16) = 13), (_16, ceil(500/16) = 32))
// stride ((_1, RoundUp(500, 16) * 16 = 512 * 16 = 8192), (_16, _256))
auto layoutB = MakeLayout<half, Catlass::layout::nZ>(k, n);
static_assert(shape(layoutB) == MakeShape(MakeShape(16, 13), MakeShape(16, 32)));
static_assert(stride(layoutB) == MakeStride(MakeStride(1, 8192), MakeStride(16, 256)));
static_assert(originShape(layoutB) == MakeShape(200, 500));

// ---------------------------------------------------------------- C: 300 x 500, L0C
// L0C always uses 16 x 16 fractals: shape ((_16, 19), (_16, ceil(500/16) = 32)),
// stride ((_16, _256), (_1, RoundUp(300, 16) * 16 = 4864)).
auto layoutC = MakeLayoutL0C(m, n);
static_assert(layoutC == MakeLayout<float, Catlass::layout::L0C>(m, n));
static_assert(shape(layoutC) == MakeShape(MakeShape(16, 19), MakeShape(16, 32)));
static_assert(stride(layoutC) == MakeStride(MakeStride(16, 256), MakeStride(1, 4864)));

// ---------------------------------------------------------------- C block tiles (128 x 256)
// Every C tile has shape ((_16, 128/16 = 8), (_16, 256/16 = 16)) and C's stride.
auto cInterior = GetTileLayout(layoutC, MakeShape(tileM, tileN), MakeCoord(tileM, 0));   // block (1, 0)
auto cRowTail  = GetTileLayout(layoutC, MakeShape(tileM, tileN), MakeCoord(lastM, 0));   // block (2, 0)
auto cColTail  = GetTileLayout(layoutC, MakeShape(tileM, tileN), MakeCoord(tileM, lastN)); // block (1, 1)
auto cCorner   = GetTileLayout(layoutC, MakeShape(tileM, tileN), MakeCoord(lastM, lastN)); // block (2, 1)

static_assert(shape(cInterior) == MakeShape(MakeShape(16, 8), MakeShape(16, 16)));
static_assert(shape(cCorner) == MakeShape(MakeShape(16, 8), MakeShape(16, 16)));
static_assert(stride(cCorner) == stride(layoutC));
// interior (128, 0):   rows min(128, 300 - 128 = 172) = 128, cols min(256, 500 - 0) = 256
static_assert(originShape(cInterior) == MakeShape(128, 256));
// row tail (256, 0):   rows min(128, 300 - 256 = 44) = 44,   cols 256
static_assert(originShape(cRowTail) == MakeShape(44, 256));
// col tail (128, 256): rows 128,                             cols min(256, 500 - 256 = 244) = 244
static_assert(originShape(cColTail) == MakeShape(128, 244));
// corner (256, 256):   rows 44, cols 244
static_assert(originShape(cCorner) == MakeShape(44, 244));

// ---------------------------------------------------------------- A and B block tiles
// A tile 128 x 128 at (row block * 128, k block * 128); zN inner sizes (16, 16):
// shape ((_16, 8), (_16, 8)).
auto aFirst = GetTileLayout(layoutA, MakeShape(tileM, tileK), MakeCoord(0, 0));
auto aLast  = GetTileLayout(layoutA, MakeShape(tileM, tileK), MakeCoord(lastM, lastK));
static_assert(shape(aLast) == MakeShape(MakeShape(16, 8), MakeShape(16, 8)));
// (0, 0):     rows min(128, 300) = 128, cols min(128, 200) = 128
static_assert(originShape(aFirst) == MakeShape(128, 128));
// (256, 128): rows min(128, 300 - 256 = 44) = 44, cols min(128, 200 - 128 = 72) = 72
static_assert(originShape(aLast) == MakeShape(44, 72));

// B tile 128 x 256 at (k block * 128, col block * 256); nZ inner sizes (16, 16):
// shape ((_16, 8), (_16, 16)).
auto bLast = GetTileLayout(layoutB, MakeShape(tileK, tileN), MakeCoord(lastK, lastN));
static_assert(shape(bLast) == MakeShape(MakeShape(16, 8), MakeShape(16, 16)));
static_assert(stride(bLast) == stride(layoutB));
// (128, 256): rows min(128, 200 - 128 = 72) = 72, cols min(256, 500 - 256 = 244) = 244
static_assert(originShape(bLast) == MakeShape(72, 244));

// ---------------------------------------------------------------- offsets
// A, stride ((16, 256), (1, 4864)):
// (17, 33):   row (1, 1): 16 + 256 = 272;        col (1, 2): 1 + 9728 = 9729;       = 10001
// (256, 128): row (0, 16): 4096;                 col (0, 8): 8 * 4864 = 38912;      = 43008 (corner of aLast)
// (299, 199): row (11, 18): 176 + 4608 = 4784;   col (7, 12): 7 + 58368 = 58375;    = 63159 (last valid element)
static_assert(layoutA(MakeCoord(17, 33)) == 10001);
static_assert(crd2offset(MakeCoord(lastM, lastK), shape(layoutA), stride(layoutA)) == 43008);
static_assert(layoutA(MakeCoord(299, 199)) == 63159);

// B (nZ: column-major inside a fractal, fractals of a row band contiguous),
// stride ((1, 8192), (16, 256)):
// (5, 20):    row (5, 0): 5;                     col (4, 1): 64 + 256 = 320;        = 325
// (128, 256): row (0, 8): 8 * 8192 = 65536;      col (0, 16): 16 * 256 = 4096;      = 69632 (corner of bLast)
// (199, 499): row (7, 12): 7 + 98304 = 98311;    col (3, 31): 48 + 7936 = 7984;     = 106295
static_assert(layoutB(MakeCoord(5, 20)) == 325);
static_assert(layoutB(MakeCoord(lastK, lastN)) == 69632);
static_assert(layoutB(MakeCoord(199, 499)) == 106295);

// C, stride ((16, 256), (1, 4864)). Tile offsets are relative to the tile
// corner; a corner on a 16 x 16 boundary adds up exactly:
// C(256, 256):      row (0, 16): 4096;             col (0, 16): 16 * 4864 = 77824;    = 81920
// cCorner(43, 243): row (11, 2): 176 + 512 = 688;  col (3, 15): 3 + 72960 = 72963;   = 73651 (last valid element of the tile)
// C(299, 499):      row (11, 18): 4784;            col (3, 31): 3 + 150784 = 150787;  = 155571 = 81920 + 73651
static_assert(layoutC(MakeCoord(lastM, lastN)) == 81920);
static_assert(cCorner(MakeCoord(43, 243)) == 73651);
static_assert(layoutC(MakeCoord(299, 499)) == 155571);
// cInterior(127, 255): row (15, 7): 240 + 1792 = 2032; col (15, 15): 15 + 72960 = 72975; = 75007
static_assert(cInterior(MakeCoord(127, 255)) == 75007);

print(cCorner);
