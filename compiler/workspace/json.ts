import type { JSONPath, ParseError } from 'jsonc-parser';
import { jsonc } from '../commonjs.js';

/** A 1-based position in a text file. */
export interface Position {
  line: number;
  column: number;
}

/** A parsed JSON file that still knows where each of its values stood. */
export interface JsonDocument {
  value: unknown;
  /** Position of the value at `path`, else of its nearest ancestor that exists. */
  positionOf(path: JSONPath): Position;
  /** Position of the member name at `path` (its opening quote), else of its value as `positionOf` finds it. */
  keyPositionOf(path: JSONPath): Position;
}

export type JsonParse =
  | { ok: true; document: JsonDocument }
  | { ok: false; message: string; position: Position };

const STRICT = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

const SYNTAX_WORDS: Record<string, string> = {
  ValueExpected: 'a value is expected',
  PropertyNameExpected: 'a property name in double quotes is expected',
  ColonExpected: "a ':' is expected",
  CommaExpected: "a ',' is expected",
  CloseBraceExpected: "a closing '}' is expected",
  CloseBracketExpected: "a closing ']' is expected",
  EndOfFileExpected: 'nothing may follow the top-level value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'a string is not closed',
  InvalidSymbol: 'this is not valid JSON',
};

/** Deeper than any manifest needs: the parser recurses once a level, so a hostile file could exhaust the stack. */
const MAX_DEPTH = 64;

/** Where the value nested deeper than `MAX_DEPTH` opens, if one does (strings skipped). */
function tooDeep(source: string): Position | undefined {
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < source.length && source.charCodeAt(i) !== 0x22 && source.charCodeAt(i) !== 0x0a; i++) if (source.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b /* [ { */) {
      if (++depth > MAX_DEPTH) return { line, column: i - lineStart + 1 };
    } else if (c === 0x5d || c === 0x7d /* ] } */) {
      depth--;
    } else if (c === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return undefined;
}

/** Strict JSON (no comments, no trailing commas) with the position of every value kept. */
export function parseJson(text: string): JsonParse {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const deep = tooDeep(source);
  if (deep) return { ok: false, message: `values are nested more than ${MAX_DEPTH} levels deep; a manifest needs a few`, position: deep };
  const positions = new Map<string, Position>();
  const keyPositions = new Map<string, Position>();
  let firstError: { code: string; position: Position } | undefined;
  const remember = (pathSupplier: () => JSONPath, line: number, character: number) => {
    positions.set(keyOf(pathSupplier()), { line: line + 1, column: character + 1 });
  };
  jsonc.visit(
    source,
    {
      onObjectBegin: (_o, _l, line, ch, path) => remember(path, line, ch),
      onObjectProperty: (property, _o, _l, line, ch, path) => keyPositions.set(keyOf([...path(), property]), { line: line + 1, column: ch + 1 }),
      onArrayBegin: (_o, _l, line, ch, path) => remember(path, line, ch),
      onLiteralValue: (_v, _o, _l, line, ch, path) => remember(path, line, ch),
      onComment: (_o, _l, line, ch) => {
        firstError ??= { code: 'InvalidCommentToken', position: { line: line + 1, column: ch + 1 } };
      },
      onError: (error, _o, _l, line, ch) => {
        firstError ??= { code: jsonc.printParseErrorCode(error), position: { line: line + 1, column: ch + 1 } };
      },
    },
    STRICT,
  );
  if (source.trim() === '') {
    return { ok: false, message: 'the file is empty; it must hold a JSON object', position: { line: 1, column: 1 } };
  }
  if (firstError) {
    const words = SYNTAX_WORDS[firstError.code] ?? firstError.code;
    return { ok: false, message: `JSON syntax error: ${words}`, position: firstError.position };
  }
  const errors: ParseError[] = [];
  const value = jsonc.parse(source, errors, STRICT) as unknown;
  return {
    ok: true,
    document: {
      value,
      positionOf(path) {
        for (let n = path.length; n >= 0; n--) {
          const found = positions.get(keyOf(path.slice(0, n)));
          if (found) return found;
        }
        return { line: 1, column: 1 };
      },
      keyPositionOf(path) {
        return keyPositions.get(keyOf(path)) ?? this.positionOf(path);
      },
    },
  };
}

function keyOf(path: JSONPath): string {
  return JSON.stringify(path);
}
