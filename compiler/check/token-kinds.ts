// The token kinds the specifier scan tells apart, read from TypeScript 7's scanner itself: its
// package exports the SyntaxKind enum only with the whole AST, which is slow to load at every
// start of kit, for numbers the scanner gives on a few probes.
import { createScanner, stringToToken, textToKeywordObj, type Scanner } from 'typescript-native/unstable/ast/scanner';

/** The kind of the first token of `text`, or of what `again` rescans it as. */
function kindOf(text: string, again?: (scanner: Scanner) => number): number {
  const scanner = createScanner(true, 0, text);
  const first = scanner.scan();
  return again ? again(scanner) : first;
}

function token(text: string): number {
  const kind = stringToToken(text);
  if (kind === undefined) throw new Error(`TypeScript's scanner has no token ${text}`);
  return kind;
}

const keywords = Object.values(textToKeywordObj) as number[];

export const Kind = {
  EndOfFile: kindOf(''),
  Identifier: kindOf('x'),
  PrivateIdentifier: kindOf('#x'),
  NumericLiteral: kindOf('1'),
  BigIntLiteral: kindOf('1n'),
  StringLiteral: kindOf('"s"'),
  RegularExpressionLiteral: kindOf('/s/', (scanner) => scanner.reScanSlashToken()),
  NoSubstitutionTemplateLiteral: kindOf('`s`'),
  TemplateHead: kindOf('`s${'),
  TemplateTail: kindOf('}`', (scanner) => scanner.reScanTemplateToken(false)),
  OpenBraceToken: token('{'),
  CloseBraceToken: token('}'),
  OpenParenToken: token('('),
  CloseParenToken: token(')'),
  CloseBracketToken: token(']'),
  SlashToken: token('/'),
  SlashEqualsToken: token('/='),
  PlusPlusToken: token('++'),
  MinusMinusToken: token('--'),
  ExclamationToken: token('!'),
  ImportKeyword: token('import'),
  FromKeyword: token('from'),
  RequireKeyword: token('require'),
  ThisKeyword: token('this'),
  SuperKeyword: token('super'),
  NullKeyword: token('null'),
  TrueKeyword: token('true'),
  FalseKeyword: token('false'),
  /** Keywords, contextual ones included, are one range of kinds. */
  FirstKeyword: Math.min(...keywords),
  LastKeyword: Math.max(...keywords),
  /** Within it, the words that can never name a variable (`break` to `with`) come first. */
  FirstReservedWord: token('break'),
  LastReservedWord: token('with'),
} as const;
