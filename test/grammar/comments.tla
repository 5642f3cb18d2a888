// SYNTAX TEST "source.tla-layout" "comments, preprocessor lines, strings"

// a line comment with MakeShape(1, 2) and _16 inside
// <-- comment.line.double-slash.tla-layout punctuation.definition.comment.tla-layout
//   ^^^^^^^^^^^^ comment.line.double-slash.tla-layout
//                          ^^^^^^^^^ comment.line.double-slash.tla-layout - support.function.tla-layout
//                                         ^^^ comment.line.double-slash.tla-layout - constant.numeric.static.tla-layout

auto x = 1; // trailing comment
//          ^^ comment.line.double-slash.tla-layout punctuation.definition.comment.tla-layout
//            ^^^^^^^^^^^^^^^^^ comment.line.double-slash.tla-layout
// <---- storage.type.auto.tla-layout - comment.line.double-slash.tla-layout

/* block comment on one line */ auto y = 2;
// <-- comment.block.tla-layout punctuation.definition.comment.begin.tla-layout
// ^^^^^^^^^^^^^^^^^^^^^^^^^^^ comment.block.tla-layout
//                           ^^ comment.block.tla-layout punctuation.definition.comment.end.tla-layout
//                              ^^^^ storage.type.auto.tla-layout - comment.block.tla-layout

/* a block comment
   spanning lines: auto z = MakeLayout(8);
// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ comment.block.tla-layout
//                 ^^^^ - storage.type.auto.tla-layout
   // a nested line-comment marker does not end it */ z = 3;
// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ comment.block.tla-layout - comment.line.double-slash.tla-layout
//                                                 ^^ comment.block.tla-layout punctuation.definition.comment.end.tla-layout
//                                                    ^ entity.name.variable.tla-layout - comment.block.tla-layout

auto w = MakeShape(1, /* inline */ 2);
//                    ^^^^^^^^^^^^ comment.block.tla-layout
//                                 ^ constant.numeric.decimal.tla-layout - comment.block.tla-layout

// #region layouts
// <-- comment.line.double-slash.tla-layout
//  ^^^^^^^^^^^^^^ comment.line.double-slash.tla-layout - meta.preprocessor.tla-layout
// #endregion
//  ^^^^^^^^^^ comment.line.double-slash.tla-layout - keyword.control.directive.tla-layout

#include <tla/layout.hpp>
// <- meta.preprocessor.include.tla-layout keyword.control.directive.include.tla-layout punctuation.definition.directive.tla-layout
// <~------- meta.preprocessor.include.tla-layout keyword.control.directive.include.tla-layout
//       ^ meta.preprocessor.include.tla-layout string.quoted.other.lt-gt.include.tla-layout punctuation.definition.string.begin.tla-layout
//        ^^^^^^^^^^^^^^ meta.preprocessor.include.tla-layout string.quoted.other.lt-gt.include.tla-layout
//                      ^ string.quoted.other.lt-gt.include.tla-layout punctuation.definition.string.end.tla-layout
//        ^^^ - entity.name.namespace.tla-layout
//           ^ - keyword.operator.arithmetic.tla-layout

#include "catlass/layout/layout.hpp"  // the Catlass layouts
// <~------- meta.preprocessor.include.tla-layout keyword.control.directive.include.tla-layout
//       ^ string.quoted.double.include.tla-layout punctuation.definition.string.begin.tla-layout
//        ^^^^^^^^^^^^^^^^^^^^^^^^^ meta.preprocessor.include.tla-layout string.quoted.double.include.tla-layout
//                                 ^ punctuation.definition.string.end.tla-layout
//                                    ^^^^^^^^^^^^^^^^^^^^^^^ meta.preprocessor.include.tla-layout comment.line.double-slash.tla-layout

  #  include <tla/tensor.hpp>
//^ meta.preprocessor.include.tla-layout punctuation.definition.directive.tla-layout
//   ^^^^^^^ keyword.control.directive.include.tla-layout
//           ^^^^^^^^^^^^^^^^ string.quoted.other.lt-gt.include.tla-layout

#pragma once
// <- meta.preprocessor.tla-layout keyword.control.directive.tla-layout punctuation.definition.directive.tla-layout
// <~------ meta.preprocessor.tla-layout keyword.control.directive.tla-layout
//      ^^^^ meta.preprocessor.tla-layout - keyword.control.directive.tla-layout

auto after = 1;
// <---- storage.type.auto.tla-layout - meta.preprocessor.tla-layout meta.preprocessor.include.tla-layout

static_assert(x == 1, "x is \"one\"\n\q");
//                    ^ string.quoted.double.tla-layout punctuation.definition.string.begin.tla-layout
//                     ^^^^^ string.quoted.double.tla-layout
//                          ^^ string.quoted.double.tla-layout constant.character.escape.tla-layout
//                            ^^^ string.quoted.double.tla-layout - constant.character.escape.tla-layout
//                               ^^ constant.character.escape.tla-layout
//                                 ^^ constant.character.escape.tla-layout
//                                   ^^ string.quoted.double.tla-layout invalid.illegal.unknown-escape.tla-layout
//                                     ^ string.quoted.double.tla-layout punctuation.definition.string.end.tla-layout
//                                      ^ punctuation.section.parens.end.bracket.round.tla-layout - string.quoted.double.tla-layout
//                                       ^ punctuation.terminator.statement.tla-layout

static_assert(x == 1, "a // not a comment, /* nor this */");
//                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ string.quoted.double.tla-layout - comment.line.double-slash.tla-layout comment.block.tla-layout
//                                                       ^ string.quoted.double.tla-layout punctuation.definition.string.end.tla-layout
//                                                        ^ punctuation.section.parens.end.bracket.round.tla-layout
