/**
 * Vite's import suffixes kit knows: `?raw` (the file's text), `?url` (a declared asset's
 * address) and `?inline` (a stylesheet's built text, an asset's data URL). CONTRACT §11.
 */
export const SUFFIXES = ['raw', 'url', 'inline'] as const;
export type Suffix = (typeof SUFFIXES)[number];

/** What the code of an import with `?raw` or `?inline` holds: the file's text, its stylesheet built, or its bytes as a data URL. */
export type Inlined = 'raw' | 'stylesheet' | 'data';

/** A specifier's file and the query after it (`./logo.svg?url` → `./logo.svg`, `url`); a `#` fragment is dropped, as it always was. */
export function splitQuery(specifier: string): { file: string; query?: string } {
  const [, file, query] = /^([^?#]*)(?:\?([^#]*))?/.exec(specifier)!;
  return query === undefined ? { file } : { file, query };
}

/** Whether a query is one of the suffixes kit knows. */
export function isSuffix(query: string): query is Suffix {
  return (SUFFIXES as readonly string[]).includes(query);
}

/** The words of the diagnostic for a query kit does not know. */
export function unknownSuffix(specifier: string, query: string, file: string): string {
  return `'${specifier}' asks for '?${query}', an import suffix kit does not know; ${file} can be imported as it is, or with ?raw (its text), ?url (its address, when it is declared in "assets") or ?inline (a stylesheet's built text, an asset's data URL)`;
}
