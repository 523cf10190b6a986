import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { initSync as initEsLexer, parse as parseEsm } from 'es-module-lexer';

// Node's own lexer for the names a CommonJS module exports (its pure-JavaScript build, loaded by require).
const cjsLexer: typeof import('cjs-module-lexer') = createRequire(import.meta.url)('cjs-module-lexer');

/** How deep `module.exports = require('./x')` chains are followed (React's is one link). */
const REEXPORT_DEPTH = 8;

/**
 * The names a CommonJS file exports, as Node finds them for `import { x } from 'cjs'`:
 * cjs-module-lexer's, with `module.exports = require('./other')` re-exports followed (both
 * branches of a `NODE_ENV` test, as Node reads both); undefined when the file is an ES module.
 * Each file it read is added to `read`.
 */
export function commonJsExports(file: string, read?: Set<string>): string[] | undefined {
  const source = readSource(file);
  if (source === undefined || isEsModule(source)) return undefined;
  const names = new Set<string>();
  const seen = new Set<string>();
  collect(file, source, names, seen, 0);
  for (const path of seen) read?.add(path);
  names.delete('default');
  names.delete('__esModule');
  return [...names].sort();
}

function collect(file: string, source: string, names: Set<string>, seen: Set<string>, depth: number): void {
  if (seen.has(file)) return;
  seen.add(file);
  let found: { exports: string[]; reexports: string[] };
  try {
    found = cjsLexer.parse(source);
  } catch {
    return; // esbuild says what is wrong with the file when it builds it
  }
  for (const name of found.exports) names.add(name);
  if (depth >= REEXPORT_DEPTH) return;
  for (const specifier of found.reexports) {
    const target = requireResolve(file, specifier);
    const text = target && readSource(target);
    if (target && text !== undefined && !isEsModule(text)) collect(target, text, names, seen, depth + 1);
  }
}

/** Whether the source is written as an ES module (imports or exports of its own). */
function isEsModule(source: string): boolean {
  initEsLexer();
  try {
    return parseEsm(source)[3];
  } catch {
    return false;
  }
}

/** Where `require(specifier)` in `file` leads, as Node resolves it. */
function requireResolve(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) {
    const base = resolve(dirname(file), specifier);
    return [base, `${base}.js`, `${base}.cjs`, `${base}/index.js`].find(isFile);
  }
  try {
    return createRequire(file).resolve(specifier);
  } catch {
    return undefined;
  }
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

function readSource(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The export name a CommonJS entry's wrapper gives `module.exports` itself: no identifier, so no import names it by chance. */
export const MODULE_EXPORTS = 'module.exports';

/**
 * The ES module kit compiles in place of a CommonJS entry, as Vite 8 loads one: its default
 * export is `module.exports` (or `exports.default` when the module says `__esModule`), each
 * name the lexer found is a named export, and `module.exports` itself is exported under a
 * name no import can write, for a `require()` of the package from another one.
 */
export function commonJsEntry(file: string, names: readonly string[]): string {
  const lines = [`const exported = require(${JSON.stringify(file)});`];
  lines.push('export default exported && exported.__esModule ? exported.default : exported;');
  lines.push(`export { exported as ${JSON.stringify(MODULE_EXPORTS)} };`);
  names.forEach((name, i) => lines.push(`const name${i} = exported[${JSON.stringify(name)}];`, `export { name${i} as ${JSON.stringify(name)} };`));
  return `${lines.join('\n')}\n`;
}

/**
 * The value `require('<package>')` gives inside another installed package, from the ES
 * module the import map names for it: `module.exports` of a CommonJS package (the very object
 * its importers get as the default), else its namespace marked `__esModule`, as bundlers
 * give an ES module to `require`.
 */
export function requiredPackage(specifier: string): string {
  return `import * as namespace from ${JSON.stringify(specifier)};
let value;
if (${JSON.stringify(MODULE_EXPORTS)} in namespace) value = namespace[${JSON.stringify(MODULE_EXPORTS)}];
else {
  value = Object.defineProperty({}, '__esModule', { value: true });
  for (const key of Object.keys(namespace)) Object.defineProperty(value, key, { enumerable: true, get: () => namespace[key] });
}
export { value };
`;
}
