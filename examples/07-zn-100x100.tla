// 07 — A 100 x 100 matrix in zN (guide: "Layout Composition" and
// "What Does 'Convert to the corresponding shape()' ... Mean?").
//
//   parent shape       = ((16, 7), (16, 7))
//   parent originShape = (100, 100)
// zN stores 16 x C0 fractals; for half C0 = 16 (256 / 16 bits), so each mode
// is (_16, ceil(100/16) = 7): memory is organised as 112 x 112, only
// 100 x 100 elements are valid. The guide does not name the element type;
// half (or bfloat16_t) is the one that gives 16 in both modes.
using namespace tla;

auto zn = MakeLayout<half, Catlass::layout::zN>(100, 100);

// shape ((_16, 7), (_16, 7)): static marks are not compared, so either spelling works.
static_assert(shape(zn) == MakeShape(MakeShape(_16, 7), MakeShape(_16, 7)));
static_assert(shape(zn) == MakeShape(MakeShape(16, 7), MakeShape(16, 7)));
static_assert(originShape(zn) == MakeShape(100, 100));
// zN stride for half: ((_16, _256), (_1, RoundUp(100, 16) * 16)) = ((16, 256), (1, 112 * 16 = 1792))
static_assert(stride(zn) == MakeStride(MakeStride(16, 256), MakeStride(1, 1792)));

// The whole layout as the tools print it, read back with the compact literal.
auto znPrinted = ((_16,7),(_16,7)):((_16,_256),(_1,1792)):(100,100);
static_assert(zn == znPrinted);

// 112 * 112 = 12544 positions in memory for 100 * 100 = 10000 valid elements.
static_assert(Product{}(shape(zn)) == 12544);

// Last valid element (99, 99):
// row 99 = (99 % 16, 99 / 16) = (3, 6): 3*16 + 6*256 = 48 + 1536 = 1584
// col 99 = (3, 6): 3*1 + 6*1792 = 3 + 10752 = 10755
// 1584 + 10755 = 12339
static_assert(zn(MakeCoord(99, 99)) == 12339);
