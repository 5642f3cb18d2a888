// 05 — From coordinates to offsets (guide: "How Coordinates Map to Indexes").
//
// crd2offset(coord, shape, stride) sums coord_i * stride_i over the modes;
// an integer coordinate on a nested mode splits colexicographically:
// 5 on the mode (_4, _3) becomes (5 % 4, 5 / 4) = (1, 1).
// The guide names its tuples `shape` and `stride`; declared names may reuse
// built-in names, and are the declared values when used as values.
using namespace tla;

auto shape  = Shape<Shape<_4, _2>, Shape<_4, _3>>{};
auto stride = Stride<Stride<_4, _16>, Stride<_1, _32>>{};

print(crd2offset(tla::MakeCoord(1, 5), shape, stride));  // 37

// row 1 on (_4, _2) = (1, 0): 1*4 + 0*16 = 4
// col 5 on (_4, _3) = (1, 1): 1*1 + 1*32 = 33
// 4 + 33 = 37
static_assert(crd2offset(MakeCoord(1, 5), shape, stride) == 37);

// The same element addressed hierarchically: ((row inner, row outer), (col inner, col outer)).
static_assert(crd2offset(MakeCoord(MakeCoord(1, 0), MakeCoord(1, 1)), shape, stride) == 37);

// A plain integer walks the logical 8 x 12 matrix column by column:
// 13 -> row 13 % 8 = 5, col 13 / 8 = 1.
// row 5 = (1, 1): 4 + 16 = 20; col 1 = (1, 0): 1; 20 + 1 = 21
static_assert(crd2offset(13, shape, stride) == 21);

// With static coordinates the result is static too: this prints _37.
print(crd2offset(MakeCoord(_1, _5), shape, stride));
