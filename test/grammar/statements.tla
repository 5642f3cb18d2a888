// SYNTAX TEST "source.tla-layout" "realistic statements from the TLA guide and the goldens"

// The TLA guide, verbatim.
using namespace tla;
// <----- keyword.other.using.tla-layout

auto a0 = GetTileLayout(a, MakeShape(4, 4), MakeCoord(6, 10));
// <---- storage.type.auto.tla-layout
//   ^^ entity.name.variable.tla-layout
//      ^ keyword.operator.assignment.tla-layout
//        ^^^^^^^^^^^^^ support.function.tla-layout
//                     ^ punctuation.section.parens.begin.bracket.round.tla-layout
//                      ^ variable.other.tla-layout
//                       ^ punctuation.separator.delimiter.comma.tla-layout
//                         ^^^^^^^^^ support.function.tla-layout
//                                   ^ constant.numeric.decimal.tla-layout
//                                      ^ constant.numeric.decimal.tla-layout
//                                          ^^^^^^^^^ support.function.tla-layout
//                                                    ^ constant.numeric.decimal.tla-layout
//                                                       ^^ constant.numeric.decimal.tla-layout
//                                                         ^^ punctuation.section.parens.end.bracket.round.tla-layout
//                                                           ^ punctuation.terminator.statement.tla-layout

static_assert(crd2offset(MakeCoord(1, 5), shape, stride) == 37);
// <------------- keyword.other.static_assert.tla-layout
//           ^ punctuation.section.parens.begin.bracket.round.tla-layout
//            ^^^^^^^^^^ support.function.tla-layout
//                       ^^^^^^^^^ support.function.tla-layout
//                                 ^ constant.numeric.decimal.tla-layout
//                                    ^ constant.numeric.decimal.tla-layout
//                                        ^^^^^ variable.other.tla-layout - support.function.tla-layout
//                                               ^^^^^^ variable.other.tla-layout - support.function.tla-layout
//                                                       ^^ keyword.operator.comparison.tla-layout
//                                                          ^^ constant.numeric.decimal.tla-layout
//                                                            ^ punctuation.section.parens.end.bracket.round.tla-layout
//                                                             ^ punctuation.terminator.statement.tla-layout

// 1. shape and stride; originShape deduced
Layout w2xh4 = MakeLayout(MakeShape(Int<2>{}, 4),
// <------ support.type.tla-layout
//     ^^^^^ entity.name.variable.tla-layout
//             ^^^^^^^^^^ support.function.tla-layout
//                                  ^^^ support.type.tla-layout
//                                      ^ constant.numeric.decimal.tla-layout

                          MakeStride(Int<12>{}, Int<1>{}));
//                        ^^^^^^^^^^ support.function.tla-layout
//                                       ^^ constant.numeric.decimal.tla-layout

// 2. nested
Layout w32xh48 = MakeLayout(MakeShape(MakeShape(16, 2), MakeShape(16, 3)),
//     ^^^^^^^ entity.name.variable.tla-layout

                            MakeStride(MakeStride(16, 256), MakeStride(1, 512)));
//                                     ^^^^^^^^^^ support.function.tla-layout
//                                                                        ^^^ constant.numeric.decimal.tla-layout

// 4. tag construction
auto rm = MakeLayout<float, Catlass::layout::RowMajor>(2, 4);
//   ^^ entity.name.variable.tla-layout
//        ^^^^^^^^^^ support.function.tla-layout
//                  ^ punctuation.section.angle-brackets.begin.template.tla-layout
//                   ^^^^^ storage.type.primitive.tla-layout
//                          ^^^^^^^ entity.name.namespace.tla-layout
//                                   ^^^^^^ entity.name.namespace.tla-layout
//                                           ^^^^^^^^ support.type.layout-tag.tla-layout
//                                                   ^ punctuation.section.angle-brackets.end.template.tla-layout

auto vec = MakeLayout(128);
//   ^^^ entity.name.variable.tla-layout
//                    ^^^ constant.numeric.decimal.tla-layout

auto shape  = Shape<Shape<_4, _2>, Shape<_4, _3>>{};
//   ^^^^^ entity.name.variable.tla-layout
//                  ^^^^^ support.type.tla-layout
//                        ^^ constant.numeric.static.tla-layout
//                            ^^ constant.numeric.static.tla-layout
//                                             ^ punctuation.section.angle-brackets.end.template.tla-layout
//                                              ^ punctuation.section.angle-brackets.end.template.tla-layout

auto stride = Stride<Stride<_4, _16>, Stride<_1, _32>>{};
//   ^^^^^^ entity.name.variable.tla-layout
//            ^^^^^^ support.type.tla-layout
//                              ^^^ constant.numeric.static.tla-layout

print(crd2offset(tla::MakeCoord(1, 5), shape, stride));  // 37
// <----- support.function.tla-layout
//    ^^^^^^^^^^ support.function.tla-layout
//               ^^^ entity.name.namespace.tla-layout
//                    ^^^^^^^^^ support.function.tla-layout
//                                     ^^^^^ variable.other.tla-layout
//                                                       ^^^^^ comment.line.double-slash.tla-layout

Layout a = Layout<Shape<Shape<_4, _2>, Shape<_4, _3>>,
//     ^ entity.name.variable.tla-layout
//         ^^^^^^ support.type.tla-layout

                  Stride<Stride<_4, _16>, Stride<_1, _32>>,
//                ^^^^^^ support.type.tla-layout

                  Shape<_8, _12>>{};
//                          ^^^ constant.numeric.static.tla-layout
//                               ^ punctuation.section.braces.begin.bracket.curly.tla-layout

Layout a1 = GetTileLayout(a, MakeShape(4, 4), MakeCoord(6, 10));
//     ^^ entity.name.variable.tla-layout

// more statements from the goldens
auto t = GetTileLayout(MakeLayout<bfloat16_t, Catlass::layout::ColumnMajor>(32, 257), MakeShape(64, 51), MakeCoord(2, 256));
//                                ^^^^^^^^^^ storage.type.primitive.tla-layout
//                                                             ^^^^^^^^^^^ support.type.layout-tag.tla-layout
//                                                                              ^^^ constant.numeric.decimal.tla-layout

auto f = MakeLayoutFilter<int4b_t, Catlass::Arch::PositionGM>(2, 3, 3, 32);
//                        ^^^^^^^ storage.type.primitive.tla-layout
//                                          ^^^^ entity.name.namespace.tla-layout
//                                                ^^^^^^^^^^ support.type.position.tla-layout

auto m = MakeLayout<int8_t, Catlass::layout::zN>((int64_t)rows, RoundUp((int64_t)cols, 32));
//                                           ^^ support.type.layout-tag.tla-layout
//                                                ^^^^^^^ storage.type.primitive.tla-layout
//                                                        ^^^^ variable.other.tla-layout
//                                                              ^^^^^^^ support.function.tla-layout

static_assert(CeilDiv(_32, _16) == _2, "static");
//            ^^^^^^^ support.function.tla-layout
//                    ^^^ constant.numeric.static.tla-layout
//                                 ^^ constant.numeric.static.tla-layout
//                                     ^^^^^^^^ string.quoted.double.tla-layout

static_assert(Product{}(MakeShape(Int<4>{}, 3)) == 12);
//            ^^^^^^^ support.function.tla-layout
//                   ^ punctuation.section.braces.begin.bracket.curly.tla-layout

// #region statements with comments in between
auto /* name */ named = /* value */ MakeShape(1, 2); // done
//   ^^^^^^^^^^ comment.block.tla-layout
//              ^^^^^ entity.name.variable.tla-layout
//                      ^^^^^^^^^^^ comment.block.tla-layout
//                                  ^^^^^^^^^ support.function.tla-layout
//                                                   ^^^^^^^ comment.line.double-slash.tla-layout

// #endregion
