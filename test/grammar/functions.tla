// SYNTAX TEST "source.tla-layout" "builtin functions, calls, declarations"

// builtin functions
auto a = MakeLayout(MakeShape(4, 4), MakeStride(4, 1), MakeCoord(4, 4));
//       ^^^^^^^^^^ support.function.tla-layout - entity.name.function.call.tla-layout
//                  ^^^^^^^^^ support.function.tla-layout
//                                   ^^^^^^^^^^ support.function.tla-layout
//                                                     ^^^^^^^^^ support.function.tla-layout

auto b = make_tuple(1, 2) + MakeTuple(3, 4) + MakeLayoutL0C(16, 16) + MakeLayoutFmap<half>(1, 2, 3, 4);
//       ^^^^^^^^^^ support.function.tla-layout
//                          ^^^^^^^^^ support.function.tla-layout
//                                            ^^^^^^^^^^^^^ support.function.tla-layout
//                                                                    ^^^^^^^^^^^^^^ support.function.tla-layout

auto c = MakeLayoutFilter<half, PositionGM>(1, 3, 3, 16) + GetTileLayout(a, MakeShape(2, 2), MakeCoord(0, 0));
//       ^^^^^^^^^^^^^^^^ support.function.tla-layout
//                                                         ^^^^^^^^^^^^^ support.function.tla-layout

auto d = crd2offset(1, shape(a), stride(a)) + originShape(a) + get<0>(shape(a)) + rank(a) + depth(a);
//       ^^^^^^^^^^ support.function.tla-layout
//                     ^^^^^ support.function.tla-layout
//                               ^^^^^^ support.function.tla-layout
//                                            ^^^^^^^^^^^ support.function.tla-layout
//                                                             ^^^ support.function.tla-layout
//                                                                    ^^^^^ support.function.tla-layout
//                                                                                ^^^^ support.function.tla-layout
//                                                                                          ^^^^^ support.function.tla-layout

auto e = shape<0, 1>(a) + originShape<1>(a) + rank<0>(a) + depth<1>(a) + get<1, 0>(shape(a));
//       ^^^^^ support.function.tla-layout
//            ^ punctuation.section.angle-brackets.begin.template.tla-layout
//                 ^ punctuation.section.angle-brackets.end.template.tla-layout
//                        ^^^^^^^^^^^ support.function.tla-layout
//                                            ^^^^ support.function.tla-layout
//                                                         ^^^^^ support.function.tla-layout
//                                                                       ^^^ support.function.tla-layout

auto f = Product{}(shape(a)) + size(a) + CeilDiv(_32, _16) + RoundUp(30, 16) + min(1, 2) + max(3, 4);
//       ^^^^^^^ support.function.tla-layout
//                             ^^^^ support.function.tla-layout
//                                       ^^^^^^^ support.function.tla-layout
//                                                           ^^^^^^^ support.function.tla-layout
//                                                                             ^^^ support.function.tla-layout
//                                                                                         ^^^ support.function.tla-layout

print(a);
// <----- support.function.tla-layout - entity.name.function.call.tla-layout

// builtin names used as plain values are variables (the guide declares tuples called shape and stride)
auto g = crd2offset(MakeCoord(1, 5), shape, stride) + rank + size;
//                                   ^^^^^ variable.other.tla-layout - support.function.tla-layout
//                                          ^^^^^^ variable.other.tla-layout - support.function.tla-layout
//                                                    ^^^^ variable.other.tla-layout - support.function.tla-layout
//                                                           ^^^^ variable.other.tla-layout - support.function.tla-layout

// calls of user names (a layout is callable with a coordinate)
auto h = a(MakeCoord(1, 2)) + a0 (3) + GetTileLayout(a, MakeShape(2, 2), MakeCoord(0, 0))(MakeCoord(1, 1));
//       ^ entity.name.function.call.tla-layout - variable.other.tla-layout
//                            ^^ entity.name.function.call.tla-layout
//                                                   ^ variable.other.tla-layout

// declarations
auto x = 1;
// <---- storage.type.auto.tla-layout
//   ^ entity.name.variable.tla-layout - variable.other.tla-layout
//     ^ keyword.operator.assignment.tla-layout

const auto cx = x;
//         ^^ entity.name.variable.tla-layout
//              ^ variable.other.tla-layout - entity.name.variable.tla-layout

const auto& rx = x;
//        ^ keyword.operator.declarator.tla-layout
//          ^^ entity.name.variable.tla-layout

Layout w = MakeLayout(8);
// <------ support.type.tla-layout
//     ^ entity.name.variable.tla-layout

uint32_t rows = 30;
// <-------- storage.type.primitive.tla-layout
//       ^^^^ entity.name.variable.tla-layout

int64_t off = 5;
// <------- storage.type.primitive.tla-layout
//      ^^^ entity.name.variable.tla-layout

int k = 2;
// <--- storage.type.primitive.tla-layout
//  ^ entity.name.variable.tla-layout

Shape<_4, Shape<_2, _3>> sh = Shape<_4, Shape<_2, _3>>{};
// <----- support.type.tla-layout
//                       ^^ entity.name.variable.tla-layout - storage.type.primitive.tla-layout
//                          ^ keyword.operator.assignment.tla-layout

Stride<_1, _4> st = Stride<_1, _4>{};
//             ^^ entity.name.variable.tla-layout

Coord<_1, _2> co = Coord<_1, _2>{};
//            ^^ entity.name.variable.tla-layout

Layout<Shape<_4, _2>, Stride<_1, _4>> lt = Layout<Shape<_4, _2>, Stride<_1, _4>>{};
//                                    ^^ entity.name.variable.tla-layout

// declared names may reuse builtin names
auto shape = Shape<Shape<_4, _2>, Shape<_4, _3>>{};
//   ^^^^^ entity.name.variable.tla-layout - support.function.tla-layout

Layout stride = MakeLayout(4);
//     ^^^^^^ entity.name.variable.tla-layout - support.function.tla-layout

// short form: NAME = EXPR;
y = 2;
// <- entity.name.variable.tla-layout - variable.other.tla-layout

  size = MakeShape(2, 3);
//^^^^ entity.name.variable.tla-layout - support.function.tla-layout

z = 1; zz = z;
// <- entity.name.variable.tla-layout
//     ^^ entity.name.variable.tla-layout
//          ^ variable.other.tla-layout - entity.name.variable.tla-layout

// a comparison is not a declaration
x == 1;
// <- variable.other.tla-layout - entity.name.variable.tla-layout
//^^ keyword.operator.comparison.tla-layout - keyword.operator.assignment.tla-layout

static_assert(x == y);
//            ^ variable.other.tla-layout - entity.name.variable.tla-layout

// casts are not declarations
auto c1 = (int64_t)rows + (int64_t) rows + static_cast<uint32_t>(rows);
//                 ^^^^ variable.other.tla-layout - entity.name.variable.tla-layout
//                                  ^^^^ variable.other.tla-layout - entity.name.variable.tla-layout
//                                                               ^^^^ variable.other.tla-layout - entity.name.variable.tla-layout
