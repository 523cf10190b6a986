import { initSync, parse } from 'es-module-lexer';
import { sha256 } from '../cache/digest.js';
import { hasTopLevelAwait } from './top-level-await.js';

/** Digest of a file's text as it was read: the version of the file a factory was made from. */
export function sourceDigest(text: string): string {
  return sha256(text).slice(0, 16);
}

/**
 * Digest of what linking a file's JavaScript rests on: each import and re-export statement as
 * written, the specifiers it imports lazily, the names it exports, whether it waits at its
 * top level (`waits`, when known already). Two versions of a file with one shape link alike
 * (the same files and names, resolved the same way): only their bodies differ. Undefined
 * when the lexer cannot read it.
 */
export function fileShape(code: string, waits = hasTopLevelAwait(code)): string | undefined {
  initSync();
  let lexed: ReturnType<typeof parse>;
  try {
    lexed = parse(code);
  } catch {
    return undefined;
  }
  const [imports, exports] = lexed;
  // `import.meta` (d -2) is no import; a dynamic import (d >= 0) by what it names.
  const statements = imports.filter((i) => i.d !== -2).map((i) => (i.d === -1 ? code.slice(i.ss, i.se) : `import(${i.n ?? '?'})`));
  const names = exports.map((e) => e.n).sort();
  return sha256(JSON.stringify([statements, names, waits])).slice(0, 16);
}
