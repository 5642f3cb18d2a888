// A header cut off anywhere (a file being written, a checkout half done) is parsed without a
// throw: the workspace fuzz (seed 20261202, path 152:0:0:61:32:32:32) found a header ending in
// `using ElementCompute = typename` left out of the index as "cannot be read".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HeaderIndex, headerFacts } from '../../server/src/language';

const header = `namespace Catlass::Epilogue::Tile {
template <class ArchTag_, class ComputeType_, class TileShape_>
struct TileBroadcast {
    using ArchTag = ArchTag_;
    using ElementCompute = typename ComputeType_::Element;
    using Shape = decltype(tla::MakeShape(tla::Int<16>{}, tla::Int<8>{}));
    static constexpr uint32_t COUNT = sizeof(ElementCompute) * TileShape_::COUNT;
    static constexpr bool ROW = std::is_same_v<ArchTag, int> ? true : static_cast<bool>(COUNT > 4);
    static_assert(COUNT <= 4096, "too big");
};
}
`;

test('every prefix of a header is parsed without a throw, and the index takes it', () => {
  for (let at = 0; at <= header.length; at++) {
    const text = header.slice(0, at);
    assert.doesNotThrow(() => headerFacts(text), `cut at ${at}: ${JSON.stringify(text.slice(-30))}`);
    const index = new HeaderIndex();
    assert.doesNotThrow(() => index.setFile('/w/include/catlass/tile.hpp', text), `cut at ${at}`);
  }
});
