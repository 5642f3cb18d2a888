// The grammar of one `.tla` statement. The file is split into statements first
// (statements.ts), so a syntax error stays inside its own statement. Its words (keywords,
// declaration qualifiers, cast types) come from the vocabulary (builtins.ts).
import { BUFFER_SETUP_CALLS, DECL_QUALIFIERS, INTEGER_TYPES, KEYWORDS } from './vocabulary';

/**
 * `("a" | "b" …) ~identPart`: one of the words, as a whole word, in the vocabulary's order.
 * A PEG alternative does not backtrack, so `"const" | "constexpr"` would never match
 * `constexpr`: a word after one of its own prefixes is refused here.
 */
export function wordAlternatives(words: readonly string[]): string {
  words.forEach((w, i) => {
    const prefix = words.slice(0, i).find((p) => w.startsWith(p));
    if (prefix) throw new Error(`grammar: ${w} comes after its prefix ${prefix}; put the longer word first`);
  });
  return `(${words.map((w) => JSON.stringify(w)).join(' | ')}) ~identPart`;
}

/** A keyword rule's body: the keyword, which must be one of KEYWORDS. */
function kw(word: string): string {
  if (!KEYWORDS.includes(word)) throw new Error(`grammar: ${word} is not in the vocabulary's KEYWORDS`);
  return `${JSON.stringify(word)} ~identPart`;
}

export const grammarSource = String.raw`
TlaStatement {
  Statement
    = UsingNamespace
    | AliasDecl
    | TypedefDecl
    | StaticAssert
    | Declaration
    | BufferSetup
    | ExpressionStatement

  UsingNamespace = usingKw namespaceKw qualifiedName ";"
  AliasDecl = usingKw declName "=" TypeExpr ";"
  TypedefDecl = typedefKw TypeExpr declName ";"
  TypeExpr = Decltype | TypeArg
  Decltype = decltype "(" Expr ")"
  StaticAssert = staticAssertKw "(" Expr compareOp Expr AssertMessage? ")" ";"
  AssertMessage = "," stringLiteral
  Declaration
    = DeclSpecifiers declName "=" Expr ";"  -- typed
    | declName "=" Expr ";"                 -- short
    | declName compoundOp Expr ";"          -- compound
    | TypedSpecifiers declName CtorArgs ";"  -- ctor
    | TypedSpecifiers declName ";"           -- bare
  TypedSpecifiers = declQualifier* TypeArg
  CtorArgs
    = "(" ListOf<Expr, ","> ")"  -- paren
    | "{" ListOf<Expr, ","> "}"  -- brace
  DeclSpecifiers = declQualifier* DeclType
  DeclType = auto | TypeArg
  ExpressionStatement = Expr ";"

  // an AscendC buffer set-up call, accepted and ignored: its arguments are any C++ tokens
  // (\`(__gm__ ElementA *)params.ptrA\`) with balanced parentheses
  BufferSetup = SetupTarget? bufferSetupName SetupArgs ";"
  SetupTarget = (qualifiedName ("." | "->"))+
  SetupArgs = "(" SetupArg* ")"
  SetupArg = SetupArgs | stringLiteral | number | setupWord | setupPunct
  setupWord = identStart identPart*
  setupPunct = "/" ~("*" | "/")  -- slash
             | "," | "*" | "&" | "." | ":" | "+" | "-" | "<" | ">" | "=" | "!" | "[" | "]" | "{" | "}" | "?" | "|" | "^" | "~" | "%"

  Expr = Compact | Additive

  // shape:stride[:originShape], exactly what the tools print.
  Compact = CompactSide ":" CompactSide (":" CompactSide)?
  CompactSide = CompactTuple | Unary
  CompactTuple = "(" ListOf<CompactElem, ","> ")"
  CompactElem = CompactTuple | Additive

  Additive
    = Additive addOp Multiplicative  -- binary
    | Multiplicative
  Multiplicative
    = Multiplicative mulOp Unary  -- binary
    | Unary
  Unary
    = "-" Unary  -- neg
    | "+" Unary  -- pos
    | "(" castType ")" Unary  -- cast
    | staticCast "<" castType ">" "(" Expr ")"  -- staticCast
    | Postfix

  Postfix
    = Postfix "(" ListOf<Expr, ","> ")"  -- apply
    | Postfix "[" Expr "]"  -- index
    | Postfix ("." | "->") ident TemplateArgs  -- memberTemplate
    | Postfix ("." | "->") ident  -- member
    | Primary

  Primary
    = staticInt "{" "}"  -- staticBraces
    | staticInt
    | number
    | FunctionCall
    | TypeInstance
    | TypeMember
    | LiteralTuple
    | "(" Expr "," NonemptyListOf<Expr, ","> ")"  -- tuple
    | "(" Expr ")"  -- paren
    | qualifiedName  -- name

  // Parentheses around nothing but integer literals are a tuple, as the tools print
  // one: (8) is a rank-1 tuple, ((_6),_1) a nested one, () the empty tuple; (8 + 1)
  // stays an integer.
  LiteralTuple = "(" ListOf<LiteralElem, ","> ")" ~("*" | "/" | "%" | "+" | "-")
  LiteralElem = LiteralTuple | literalInt
  literalInt = "-"? space* (staticInt | number)

  FunctionCall = qualifiedName TemplateArgs? Braces? "(" ListOf<Expr, ","> ")"
  TypeInstance = qualifiedName TemplateArgs? "{" ListOf<Expr, ","> "}"
  TypeMember = qualifiedName TemplateArgs "::" ident
  Braces = "{" "}"
  TemplateArgs = "<" ListOf<TemplateArg, ","> ">"
  TemplateArg = ConstExpr | staticInt | number | Decltype | TypeArg
  // an integer expression (it has an operator after its first term): Int<K / 32 * 4>
  ConstExpr = &(TemplateTerm (addOp | mulOp)) Additive
  TemplateTerm = staticInt | number | qualifiedName
  TypeArg = qualifiedName TemplateArgs?

  // ---- lexical
  compareOp = "==" | "!="
  addOp = "+" | "-"
  compoundOp = ("+" | "-" | "*" | "/" | "%") "="
  mulOp = "*" | "/" | "%"
  declQualifier = ${wordAlternatives(DECL_QUALIFIERS)}
  auto = ${kw('auto')}
  staticCast = ${kw('static_cast')}
  decltype = ${kw('decltype')}
  usingKw = ${kw('using')}
  namespaceKw = ${kw('namespace')}
  typedefKw = ${kw('typedef')}
  staticAssertKw = ${kw('static_assert')}
  bufferSetupName = ${wordAlternatives(BUFFER_SETUP_CALLS)}
  castType = ${wordAlternatives(INTEGER_TYPES)}
  declName = ident
  // \`LayoutA::template MakeLayout<E>\`: the \`template\` disambiguator is read and dropped
  qualifiedName = ("::" space*)? (ident space* "::" space* (templateKw space*)?)* ident
  templateKw = ${kw('template')}
  ident = ~keyword ~staticInt identStart identPart*
  identStart = letter | "_"
  identPart = alnum | "_"
  keyword = ${wordAlternatives(KEYWORDS)}
  // tla::_128 is the header's alias of Int<128>, as _128 is
  staticInt = staticQualifier? "_" digit+ ~identPart
  staticQualifier = "tla" space* "::" space*
  number = (hexInt | decInt) intSuffix ~identPart
  hexInt = "0" ("x" | "X") hexDigit+
  decInt = digit+
  intSuffix = caseInsensitive<"ull"> | caseInsensitive<"ul"> | caseInsensitive<"ll"> | caseInsensitive<"u"> | caseInsensitive<"l"> | ""
  stringLiteral = "\"" stringChar* "\""
  stringChar = ~("\"" | "\\" | "\n") any  -- plain
             | "\\" any  -- escape
  space += comment
  comment = "//" (~"\n" any)*  -- line
          | "/*" (~"*/" any)* "*/"  -- block
}
`;
