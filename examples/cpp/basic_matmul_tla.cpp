// A matmul kernel shaped like Catlass's TLA kernels: a params struct, type aliases, tile
// shapes from tla::Shape, tensors over GM buffers, a block loop with a tail block, and an L1
// tensor made like the GM tile. Hover a tensor or a tile (tensorBlockC, tensorTileA) for its
// layout, coord and valid extent; the inlay hints show each tile's valid part.
//
// M = 300, N = 500, K = 200 with 128 × 256 × 64 tiles: the last block row starts at row 256
// and only 300 − 256 = 44 of its 128 rows exist.
#include "catlass/catlass.hpp"
#include "tla/layout.hpp"
#include "tla/tensor.hpp"

using namespace Catlass;

constexpr uint32_t M = 300;
constexpr uint32_t N = 500;
constexpr uint32_t K = 200;

struct MatmulParams {
    GemmCoord problemShape;
    GM_ADDR ptrA;
    GM_ADDR ptrC;
};

class BasicMatmulTla {
public:
    using ElementA = half;
    using ElementC = float;
    using LayoutTagA = layout::RowMajor;
    using LayoutTagC = layout::RowMajor;
    using L1TileShape = tla::Shape<_128, _256, _64>;

    static constexpr uint32_t L1_TILE_M = tla::get<0>(L1TileShape{});
    static constexpr uint32_t L1_TILE_N = tla::get<1>(L1TileShape{});
    static constexpr uint32_t L1_TILE_K = tla::get<2>(L1TileShape{});
    static constexpr auto L1A_LAYOUT = tla::MakeLayout<ElementA, layout::zN>(tla::Int<L1_TILE_M>{}, tla::Int<L1_TILE_K>{});

    void operator()(MatmulParams const &params)
    {
        AscendC::GlobalTensor<ElementA> gmA;
        AscendC::GlobalTensor<ElementC> gmC;
        AscendC::LocalTensor<ElementA> l1A;

        auto layoutA = tla::MakeLayout<ElementA, LayoutTagA>(M, K);
        auto layoutC = tla::MakeLayout<ElementC, LayoutTagC>(M, N);
        auto tensorA = tla::MakeTensor(gmA, layoutA, Arch::PositionGM{});
        auto tensorC = tla::MakeTensor(gmC, layoutC, Arch::PositionGM{});

        // block (2, 1) of C: rows 256..299, columns 256..499 — a tail block in both modes
        auto tensorBlockC = tla::TileView(tensorC, tla::MakeCoord(2u, 1u), tla::MakeShape(tla::Int<L1_TILE_M>{}, tla::Int<L1_TILE_N>{}));

        uint32_t kTiles = (K + L1_TILE_K - 1) / L1_TILE_K;
        for (uint32_t kIdx = 0; kIdx < kTiles; kIdx++) {
            // the A tile of this block row at step kIdx: its column extent depends on kIdx
            auto tensorTileA = tla::TileView(tensorA, tla::MakeCoord(2u, kIdx), tla::MakeShape(tla::Int<L1_TILE_M>{}, tla::Int<L1_TILE_K>{}));
            auto tensorL1A = tla::MakeTensorLike<layout::zN>(l1A, tensorTileA, Arch::PositionL1{}, L1A_LAYOUT);
        }
        // the last K step: columns 192..199, only 8 of 64
        auto tensorLastA = tla::TileView(tensorA, tla::MakeCoord(2u, 3u), tla::MakeShape(tla::Int<L1_TILE_M>{}, tla::Int<L1_TILE_K>{}));
    }
};
