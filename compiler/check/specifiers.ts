// TypeScript 7's own scanner (plain JavaScript): strings, comments, templates and regular
// expressions are told apart as TypeScript tells them, so a specifier in a comment is no import.
import { createScanner } from 'typescript-native/unstable/ast/scanner';
import { Kind } from './token-kinds.js';

/** Tokens after which a `/` divides; after anything else (a reserved word too) it starts a regular expression. */
const ENDS_EXPRESSION = new Set<number>([
  Kind.Identifier, Kind.PrivateIdentifier, Kind.NumericLiteral, Kind.BigIntLiteral, Kind.StringLiteral,
  Kind.RegularExpressionLiteral, Kind.NoSubstitutionTemplateLiteral, Kind.TemplateTail,
  Kind.CloseParenToken, Kind.CloseBracketToken, Kind.CloseBraceToken,
  Kind.ThisKeyword, Kind.SuperKeyword, Kind.NullKeyword, Kind.TrueKeyword, Kind.FalseKeyword,
  Kind.PlusPlusToken, Kind.MinusMinusToken, Kind.ExclamationToken,
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
  let previous = -1; // no token yet
  let wanted = 0; // 1: a string names a module here; 2: after `import`/`require`, a `(` may come first
  for (let token = scanner.scan(); token !== Kind.EndOfFile; token = scanner.scan()) {
    // Past the last of those words, no token can name a module unless one before it asked for it.
    if (wanted === 0 && scanner.getTokenStart() > last) break;
    if ((token === Kind.SlashToken || token === Kind.SlashEqualsToken) && !ENDS_EXPRESSION.has(previous) && !namesAValue(previous)) {
      token = scanner.reScanSlashToken();
    } else if (token === Kind.TemplateHead) {
      templates.push(++depth);
    } else if (token === Kind.OpenBraceToken) {
      depth++;
    } else if (token === Kind.CloseBraceToken) {
      if (templates.at(-1) === depth) {
        token = scanner.reScanTemplateToken(false);
        if (token === Kind.TemplateTail) templates.pop(), depth--;
      } else depth--;
    }
    if (token === Kind.StringLiteral && wanted) modules.push(scanner.getTokenValue());
    // A keyword to TypeScript's scanner wherever it is written (the parser decides what it means).
    const isRequire = token === Kind.RequireKeyword;
    wanted = token === Kind.FromKeyword ? 1 : token === Kind.ImportKeyword || isRequire ? 2 : token === Kind.OpenParenToken && wanted === 2 ? 1 : 0;
    // `import` before a string also imports for effect only; a `(` keeps the string wanted.
    if (token === Kind.ImportKeyword) wanted = 2;
    previous = token;
  }
  const paths: string[] = [];
  const types: string[] = [];
  for (const match of text.matchAll(REFERENCE)) (match[1] === 'path' ? paths : types).push(match[3]);
  return { modules, paths, types };
}

/**
 * A keyword that may also be a variable's name (`type`, `of`, `get`): `type / 2` divides. A
 * reserved word is followed by an expression (`return /re/`, `typeof /re/`), so by a regular
 * expression, whose quotes would otherwise be read as a string's.
 */
function namesAValue(token: number): boolean {
  return token >= Kind.FirstKeyword && token <= Kind.LastKeyword && !(token >= Kind.FirstReservedWord && token <= Kind.LastReservedWord);
}
