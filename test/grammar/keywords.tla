// SYNTAX TEST "source.tla-layout" "keywords, types, layout tags, namespace qualifiers"

// keywords
using namespace tla;
// <----- meta.using-namespace.tla-layout keyword.other.using.tla-layout
//    ^^^^^^^^^ meta.using-namespace.tla-layout keyword.other.namespace.tla-layout
//              ^^^ meta.using-namespace.tla-layout entity.name.namespace.tla-layout
//                 ^ punctuation.terminator.statement.tla-layout - meta.using-namespace.tla-layout

using namespace Catlass::layout;
//              ^^^^^^^ meta.using-namespace.tla-layout entity.name.namespace.tla-layout
//                     ^^ meta.using-namespace.tla-layout punctuation.separator.namespace.access.tla-layout
//                       ^^^^^^ meta.using-namespace.tla-layout entity.name.namespace.tla-layout

static constexpr auto n = 4;
// <------ storage.modifier.static.tla-layout - keyword.other.static_assert.tla-layout
//     ^^^^^^^^^ storage.modifier.constexpr.tla-layout - storage.modifier.const.tla-layout
//               ^^^^ storage.type.auto.tla-layout
//                    ^ entity.name.variable.tla-layout

const auto c = n;
// <----- storage.modifier.const.tla-layout
//    ^^^^ storage.type.auto.tla-layout
//         ^ entity.name.variable.tla-layout
//             ^ variable.other.tla-layout

static_assert(n == 4, "n is four");
// <------------- keyword.other.static_assert.tla-layout - storage.modifier.static.tla-layout entity.name.function.call.tla-layout

uint32_t u = static_cast<uint32_t>(n);
//           ^^^^^^^^^^^ keyword.operator.cast.static_cast.tla-layout - storage.modifier.static.tla-layout
//                      ^ punctuation.section.angle-brackets.begin.template.tla-layout
//                       ^^^^^^^^ storage.type.primitive.tla-layout
//                               ^ punctuation.section.angle-brackets.end.template.tla-layout

namespace foo;
// <--------- keyword.other.namespace.tla-layout

// TLA types (Int and C as in Int<3>{} / C<3>{})
auto t = Layout<Shape<_2>, Stride<_1>, Coord<_2>>{} + Int<3>{} + C<4>{};
//       ^^^^^^ support.type.tla-layout
//              ^^^^^ support.type.tla-layout
//                         ^^^^^^ support.type.tla-layout
//                                     ^^^^^ support.type.tla-layout
//                                                    ^^^ support.type.tla-layout
//                                                               ^ support.type.tla-layout
//                                               ^ punctuation.section.braces.begin.bracket.curly.tla-layout
//                                                ^ punctuation.section.braces.end.bracket.curly.tla-layout

// a bare C is just a name
auto d = C + 1;
//       ^ variable.other.tla-layout - support.type.tla-layout

// primitive and element types
auto p = MakeLayout<half, RowMajor>(2, 4) + MakeLayout<bfloat16_t, RowMajor>(2, 4) + MakeLayout<float, RowMajor>(2, 4);
//                  ^^^^ storage.type.primitive.tla-layout
//                                                     ^^^^^^^^^^ storage.type.primitive.tla-layout
//                                                      ^^^^^ storage.type.primitive.tla-layout

auto q = MakeLayout<int8_t, zN>(2, 4) + MakeLayout<uint8_t, zN>(2, 4) + MakeLayout<int16_t, zN>(2, 4) + MakeLayout<uint16_t, zN>(2, 4);
//                  ^^^^^^ storage.type.primitive.tla-layout
//                                                 ^^^^^^^ storage.type.primitive.tla-layout
//                                                                                 ^^^^^^^ storage.type.primitive.tla-layout
//                                                                                                                 ^^^^^^^^ storage.type.primitive.tla-layout

auto r = MakeLayout<int32_t, nZ>(2, 4) + MakeLayout<uint32_t, nZ>(2, 4) + MakeLayout<int64_t, nZ>(2, 4) + MakeLayout<int4b_t, nZ>(2, 4);
//                  ^^^^^^^ storage.type.primitive.tla-layout
//                                                  ^^^^^^^^ storage.type.primitive.tla-layout
//                                                                                   ^^^^^^^ storage.type.primitive.tla-layout
//                                                                                                                   ^^^^^^^ storage.type.primitive.tla-layout

auto i = int(3) + (int64_t)n + uint32_t(n);
//       ^^^ storage.type.primitive.tla-layout - entity.name.function.call.tla-layout
//                 ^^^^^^^ storage.type.primitive.tla-layout
//                             ^^^^^^^^ storage.type.primitive.tla-layout - entity.name.function.call.tla-layout

// layout tags and positions
auto tags = RowMajor + ColumnMajor + VectorLayout + zN + nZ + zZ + L0C + nN + PaddingRowMajor;
//          ^^^^^^^^ support.type.layout-tag.tla-layout
//                     ^^^^^^^^^^^ support.type.layout-tag.tla-layout
//                                   ^^^^^^^^^^^^ support.type.layout-tag.tla-layout
//                                                  ^^ support.type.layout-tag.tla-layout
//                                                       ^^ support.type.layout-tag.tla-layout
//                                                            ^^ support.type.layout-tag.tla-layout
//                                                                 ^^^ support.type.layout-tag.tla-layout
//                                                                       ^^ support.type.layout-tag.tla-layout
//                                                                            ^^^^^^^^^^^^^^^ support.type.layout-tag.tla-layout

auto pos = PositionL1 + PositionGM;
//         ^^^^^^^^^^ support.type.position.tla-layout
//                      ^^^^^^^^^^ support.type.position.tla-layout

// namespace qualifiers
auto f = tla::MakeShape(1) + Catlass::layout::RowMajor + layout::zN + Arch::PositionGM + AscendC::min(1, 2);
//       ^^^ entity.name.namespace.tla-layout
//          ^^ punctuation.separator.namespace.access.tla-layout
//            ^^^^^^^^^ support.function.tla-layout
//                           ^^^^^^^ entity.name.namespace.tla-layout
//                                    ^^^^^^ entity.name.namespace.tla-layout - variable.other.tla-layout
//                                          ^^ punctuation.separator.namespace.access.tla-layout - keyword.operator.layout-separator.tla-layout
//                                            ^^^^^^^^ support.type.layout-tag.tla-layout
//                                                       ^^^^^^ entity.name.namespace.tla-layout
//                                                                    ^^^^ entity.name.namespace.tla-layout
//                                                                          ^^^^^^^^^^ support.type.position.tla-layout
//                                                                                       ^^^^^^^ entity.name.namespace.tla-layout
//                                                                                                ^^^ support.function.tla-layout

auto g = Catlass :: layout :: ColumnMajor + ::tla::Int<1>{};
//       ^^^^^^^ entity.name.namespace.tla-layout
//               ^^ punctuation.separator.namespace.access.tla-layout
//                  ^^^^^^ entity.name.namespace.tla-layout
//                                          ^^ punctuation.separator.namespace.access.tla-layout
//         ^^^ entity.name.namespace.tla-layout
//                                                 ^^^ support.type.tla-layout

auto h = MakeLayoutFilter<int8_t, Catlass::Arch::PositionL1>(1, 3, 3, 16);
//       ^^^^^^^^^^^^^^^^ support.function.tla-layout
//                                ^^^^^^^ entity.name.namespace.tla-layout
//                                         ^^^^ entity.name.namespace.tla-layout
//                                               ^^^^^^^^^^ support.type.position.tla-layout

// constants
auto b = true != false;
//       ^^^^ constant.language.boolean.tla-layout
//               ^^^^^ constant.language.boolean.tla-layout
