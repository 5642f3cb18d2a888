// 10 — A matmul block loop over tensors, with a tail tile (the shape of Catlass's
// basic_matmul_tla kernel). Hover tileA for its coord and valid extent; Show Layout
// draws the tile inside tensorA.
using namespace Catlass;
using ElementA = half;
using LayoutTagA = layout::RowMajor;
using L1TileShape = tla::Shape<_128, _256, _64>;
static constexpr uint32_t L1_TILE_M = tla::get<0>(L1TileShape{});
static constexpr uint32_t L1_TILE_K = tla::get<2>(L1TileShape{});

constexpr uint32_t M = 300;
constexpr uint32_t K = 200;
AscendC::GlobalTensor<ElementA> gmA;
auto layoutA = tla::MakeLayout<ElementA, LayoutTagA>(M, K);
auto tensorA = tla::MakeTensor(gmA, layoutA, Arch::PositionGM{});
static_assert(tensorA.layout() == (300,200):(200,_1):(300,200));

// Block (2, 3) of 128×64: it starts at element (2·128, 3·64) = (256, 192). Only rows
// 256..299 and columns 192..199 exist: the valid extent is (300−256, 200−192) = (44, 8).
auto tileA = tla::TileView(tensorA, tla::MakeCoord(2u, 3u), tla::MakeShape(tla::Int<L1_TILE_M>{}, tla::Int<L1_TILE_K>{}));
static_assert(tileA.shape() == tla::MakeShape(128, 64));
static_assert(tileA.stride() == tla::MakeStride(200, 1));
static_assert(tileA.originShape() == tla::MakeShape(44, 8));
static_assert(tileA.coord() == tla::MakeCoord(256, 192));

// An element of the tile is an index into gmA: (256 + 1)·200 + (192 + 2) = 51594.
static_assert(tileA(tla::MakeCoord(1, 2)) == 51594);
// Row 3 of the tile as a rank-1 tensor: data moves to (256 + 3)·200 + 192 = 51992.
auto rowA = tileA(3, tla::_);
static_assert(rowA.layout() == (_64):(_1):(8));

// The tile copied to L1 in zN: MakeLayout<half, zN>(44, 8), 16×16 fractals.
AscendC::LocalTensor<ElementA> l1A;
auto tensorL1A = tla::MakeTensorLike<layout::zN>(l1A, tileA, Arch::PositionL1{});
static_assert(tensorL1A.layout() == ((_16,3),(_16,1)):((_16,_256),(_1,768)):(44,8));

// The namespace trap: with `using namespace Catlass;` an unqualified MakeCoord(0, 0) is
// Catlass::MakeCoord; tla::MakeCoord is what GetTile needs.
auto firstRows = tla::GetTile(tensorA, tla::MakeCoord(0, 0), tla::MakeShape(16, 200));
static_assert(firstRows.originShape() == tla::MakeShape(16, 200));
