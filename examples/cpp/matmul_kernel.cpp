// A Catlass-style matmul block: A (M×K) row-major in GM, B (K×N) in zN, C in L0C,
// blocked 128×256 with tail blocks. Open it with the TLA Layout extension to see the
// layouts, tiles and offsets inline.
#include "catlass/catlass.hpp"
#include "tla/layout.hpp"

using namespace tla;

namespace MatmulDemo {  // (inside namespace Catlass, an unqualified MakeCoord would be Catlass::MakeCoord)

constexpr uint32_t M = 300;
constexpr uint32_t N = 500;
constexpr uint32_t K = 200;
static constexpr uint32_t BLOCK_M = 128;
static constexpr uint32_t BLOCK_N = 256;

using LayoutTileA = Layout<Shape<_128, _64>, Stride<_64, _1>, Shape<_128, _64>>;

template <class ElementA, uint32_t TILE_K = 64>
struct MatmulBlock {
    __aicore__ inline void operator()(uint32_t m, uint32_t k, uint32_t blockIdx)
    {
        auto layoutA = MakeLayout<half, Catlass::layout::RowMajor>(M, K);
        auto layoutB = MakeLayout<half, Catlass::layout::zN>(K, N);
        auto layoutC = MakeLayoutL0C(M, N);

        // the tail block of C: rows 256..299, cols 256..499
        auto tileC = GetTileLayout(layoutC, MakeShape(BLOCK_M, BLOCK_N), MakeCoord(256, 256));
        auto tileA = GetTileLayout(layoutA, MakeShape(BLOCK_M, TILE_K), MakeCoord(BLOCK_M * 2, 0));
        int64_t offsetC = layoutC(MakeCoord(17, 33));

        // sizes known only at run time: the layout is shown symbolically
        auto layoutDyn = MakeLayout<half, Catlass::layout::zN>(m, k);
        auto tileA0 = LayoutTileA{};
    }
};

}  // namespace MatmulDemo
