// TypeScript 7's own scanner (plain JavaScript): strings, comments, templates and regular
// expressions are told apart as TypeScript tells them, so a specifier in a comment is no import.
import { SyntaxKind } from 'typescript-native/unstable/ast';
import { createScanner } from 'typescript-native/unstable/ast/scanner';

/** Tokens after which a `/` divides; after anything else it starts a regular expression. */
const ENDS_EXPRESSION = new Set<number>([
  SyntaxKind.Identifier, SyntaxKind.PrivateIdentifier, SyntaxKind.NumericLiteral, SyntaxKind.BigIntLiteral, SyntaxKind.StringLiteral,
  SyntaxKind.RegularExpressionLiteral, SyntaxKind.NoSubstitutionTemplateLiteral, SyntaxKind.TemplateTail,
  SyntaxKind.CloseParenToken, SyntaxKind.CloseBracketToken, SyntaxKind.CloseBraceToken,
  SyntaxKind.ThisKeyword, SyntaxKind.SuperKeyword, SyntaxKind.NullKeyword, SyntaxKind.TrueKeyword, SyntaxKind.FalseKeyword,
  SyntaxKind.PlusPlusToken, SyntaxKind.MinusMinusToken, SyntaxKind.ExclamationToken,
]);
const REFERENCE = /^\s*\/\/\/\s*<reference\s+(path|types)\s*=\s*(["'])(.*?)\2/gm;

/** The module specifiers of a TypeScript file, types included, and its `/// <reference>`s. */
export interface FileSpecifiers {
  /** Imports, re-exports, `import type`, `import("…")` types and calls, `import x = require("…")`. */
  modules: string[];
  /** `/// <reference path>`: files relative to this one. */
  paths: string[];
  /** `/// <reference types>`: type packages. */
  types: string[];
}

/**
 * Reads every specifier a TypeScript source names, the type-only ones included (a per-file
 * transform drops those, yet the file's type errors depend on them). Token by token, with no
 * parse: `import`, `from` and `require` followed by a string are all it looks for, so the scan
 * ends after the last place one of those words is written (most files name their imports
 * first, and a helper with none is not scanned at all).
 */
export function scanSpecifiers(text: string, jsx: boolean): FileSpecifiers {
  const modules: string[] = [];
  const last = Math.max(text.lastIndexOf('import'), text.lastIndexOf('from'), text.lastIndexOf('require'));
  const scanner = createScanner(true, jsx ? 1 : 0, last < 0 ? '' : text);
  const templates: number[] = [];
  let depth = 0;
  let previous: number = SyntaxKind.Unknown;
  let wanted = 0; // 1: a string names a module here; 2: after `import`/`require`, a `(` may come first
  for (let token = scanner.scan(); token !== SyntaxKind.EndOfFile; token = scanner.scan()) {
    // Past the last of those words, no token can name a module unless one before it asked for it.
    if (wanted === 0 && scanner.getTokenStart() > last) break;
    if ((token === SyntaxKind.SlashToken || token === SyntaxKind.SlashEqualsToken) && !ENDS_EXPRESSION.has(previous) && !isKeyword(previous)) {
      token = scanner.reScanSlashToken();
    } else if (token === SyntaxKind.TemplateHead) {
      templates.push(++depth);
    } else if (token === SyntaxKind.OpenBraceToken) {
      depth++;
    } else if (token === SyntaxKind.CloseBraceToken) {
      if (templates.at(-1) === depth) {
        token = scanner.reScanTemplateToken(false);
        if (token === SyntaxKind.TemplateTail) templates.pop(), depth--;
      } else depth--;
    }
    if (token === SyntaxKind.StringLiteral && wanted) modules.push(scanner.getTokenValue());
    // A keyword to TypeScript's scanner wherever it is written (the parser decides what it means).
    const isRequire = token === SyntaxKind.RequireKeyword;
    wanted = token === SyntaxKind.FromKeyword ? 1 : token === SyntaxKind.ImportKeyword || isRequire ? 2 : token === SyntaxKind.OpenParenToken && wanted === 2 ? 1 : 0;
    // `import` before a string also imports for effect only; a `(` keeps the string wanted.
    if (token === SyntaxKind.ImportKeyword) wanted = 2;
    previous = token;
  }
  const paths: string[] = [];
  const types: string[] = [];
  for (const match of text.matchAll(REFERENCE)) (match[1] === 'path' ? paths : types).push(match[3]);
  return { modules, paths, types };
}

function isKeyword(token: number): boolean {
  // `return /re/`, `typeof /re/`: a keyword is followed by an expression, save those that end one.
  return token >= SyntaxKind.FirstKeyword && token <= SyntaxKind.LastKeyword && !ENDS_EXPRESSION.has(token);
}
