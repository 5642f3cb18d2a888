// SYNTAX TEST "source.tla-layout" "numbers, static integers, operators, compact layout literal"

// static integers
auto s = _0 + _1 + _16 + _256 + _12;
//       ^^ constant.numeric.static.tla-layout
//            ^^ constant.numeric.static.tla-layout - constant.numeric.decimal.tla-layout
//                 ^^^ constant.numeric.static.tla-layout
//                       ^^^^ constant.numeric.static.tla-layout
//                              ^^^ constant.numeric.static.tla-layout

// identifiers that merely contain _N are not static integers
auto t = a_16 + _16x + _ + tile_4;
//       ^^^^ variable.other.tla-layout - constant.numeric.static.tla-layout
//              ^^^^ variable.other.tla-layout - constant.numeric.static.tla-layout
//                     ^ variable.other.tla-layout - constant.numeric.static.tla-layout
//                         ^^^^^^ variable.other.tla-layout - constant.numeric.static.tla-layout

// decimal and hex with suffixes
auto d = 0 + 37 + 1792 + 4u + 5l + 6ul + 7ll + 8ull + 9U + 10UL + 11LL + 12ULL + 13lu;
//       ^ constant.numeric.decimal.tla-layout
//           ^^ constant.numeric.decimal.tla-layout
//                ^^^^ constant.numeric.decimal.tla-layout
//                       ^ constant.numeric.decimal.tla-layout
//                        ^ keyword.other.unit.suffix.integer.tla-layout
//                             ^ keyword.other.unit.suffix.integer.tla-layout
//                                  ^^ keyword.other.unit.suffix.integer.tla-layout
//                                        ^^ keyword.other.unit.suffix.integer.tla-layout
//                                              ^^^ keyword.other.unit.suffix.integer.tla-layout
//                                             ^ constant.numeric.decimal.tla-layout
//                                                     ^ keyword.other.unit.suffix.integer.tla-layout
//                                                           ^^ keyword.other.unit.suffix.integer.tla-layout
//                                                                  ^^ keyword.other.unit.suffix.integer.tla-layout
//                                                                         ^^^ keyword.other.unit.suffix.integer.tla-layout
//                                                                                 ^^ keyword.other.unit.suffix.integer.tla-layout

auto h = 0x10 + 0XfFu + 0x1ull;
//       ^^ keyword.other.unit.hexadecimal.tla-layout
//         ^^ constant.numeric.hex.tla-layout
//              ^^ keyword.other.unit.hexadecimal.tla-layout
//                ^^ constant.numeric.hex.tla-layout
//                  ^ keyword.other.unit.suffix.integer.tla-layout
//                        ^ constant.numeric.hex.tla-layout
//                         ^^^ keyword.other.unit.suffix.integer.tla-layout

auto bad = 12abc + 0xZ;
//         ^^^^^ invalid.illegal.constant.numeric.tla-layout
//                 ^^^ invalid.illegal.constant.numeric.tla-layout

auto n = Int<16>{} + C<8>{};
//           ^^ constant.numeric.decimal.tla-layout
//                     ^ constant.numeric.decimal.tla-layout

// operators
auto o = -a + b - c * d / e % f;
//       ^ keyword.operator.arithmetic.tla-layout
//          ^ keyword.operator.arithmetic.tla-layout
//              ^ keyword.operator.arithmetic.tla-layout
//                  ^ keyword.operator.arithmetic.tla-layout
//                      ^ keyword.operator.arithmetic.tla-layout - comment.line.double-slash.tla-layout
//                          ^ keyword.operator.arithmetic.tla-layout
//                             ^ punctuation.terminator.statement.tla-layout

static_assert(a == b, "eq"); static_assert(a != b);
//              ^^ keyword.operator.comparison.tla-layout
//                                           ^^ keyword.operator.comparison.tla-layout
//                  ^ punctuation.separator.delimiter.comma.tla-layout

auto g = f(1)[0] + x.y;
//           ^ punctuation.section.brackets.begin.bracket.square.tla-layout
//             ^ punctuation.section.brackets.end.bracket.square.tla-layout
//                  ^ punctuation.separator.dot-access.tla-layout

// compact layout literal: shape:stride:originShape
auto zn = ((_16,7),(_16,7)):((_16,_256),(_1,1792)):(100,100);
//        ^ punctuation.section.parens.begin.bracket.round.tla-layout
//          ^^^ constant.numeric.static.tla-layout
//             ^ punctuation.separator.delimiter.comma.tla-layout
//              ^ constant.numeric.decimal.tla-layout
//                         ^ keyword.operator.layout-separator.tla-layout - punctuation.separator.namespace.access.tla-layout
//                                ^^^^ constant.numeric.static.tla-layout
//                                          ^^^^ constant.numeric.decimal.tla-layout
//                                                ^ keyword.operator.layout-separator.tla-layout - punctuation.separator.namespace.access.tla-layout
//                                                      ^^^ constant.numeric.decimal.tla-layout

auto rm = (_2,4):(_12,_1);
//              ^ keyword.operator.layout-separator.tla-layout
//                ^^^ constant.numeric.static.tla-layout

auto v = 8:1;
//       ^ constant.numeric.decimal.tla-layout
//        ^ keyword.operator.layout-separator.tla-layout
//         ^ constant.numeric.decimal.tla-layout

auto w = (8) : (1) : (8);
//           ^ keyword.operator.layout-separator.tla-layout
//                 ^ keyword.operator.layout-separator.tla-layout

// :: is a qualifier, never the layout separator
auto q = tla::MakeShape(2):tla::MakeStride(1);
//          ^^ punctuation.separator.namespace.access.tla-layout - keyword.operator.layout-separator.tla-layout
//                        ^ keyword.operator.layout-separator.tla-layout - punctuation.separator.namespace.access.tla-layout
//                            ^^ punctuation.separator.namespace.access.tla-layout - keyword.operator.layout-separator.tla-layout

static_assert(GetTileLayout(((_16,7),(_16,7)):((_16,_256),(_1,1792)):(100,100), MakeShape(32, 48), MakeCoord(96, 0)) == ((_16,2),(_16,3)):((_16,_256),(_1,1792)):(4,48));
// <------------- keyword.other.static_assert.tla-layout
//            ^^^^^^^^^^^^^ support.function.tla-layout
//                                           ^ keyword.operator.layout-separator.tla-layout
//                                                                  ^ keyword.operator.layout-separator.tla-layout
//                                                                                                                   ^^ keyword.operator.comparison.tla-layout
//                                                                                                                                       ^ keyword.operator.layout-separator.tla-layout
//                                                                                                                                                              ^ keyword.operator.layout-separator.tla-layout
