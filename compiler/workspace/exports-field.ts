import type { JSONPath } from 'jsonc-parser';
import { type Fields, isObject } from './fields.js';
import type { Position } from './json.js';
import { ROOT_SUBPATH } from './subpaths.js';

/** One `exports` entry whose target is a TypeScript source entry, or a stylesheet the package publishes. */
export interface ExportEntry {
  /** `index` for `"."`; for a pattern, the key's subpath with its `*`. */
  subpath: string;
  /** For a pattern, with its `*`. */
  target: string;
  position: Position;
  /** `"./components/*": "./src/components/*.tsx"`: one module per file the target matches. */
  pattern: boolean;
}

const SOURCE_ENTRY = /\.tsx?$/;
/** A stylesheet the package publishes (`"./globals.css": "./src/globals.css"`): a module of its own (CONTRACT §11). */
const STYLESHEET_ENTRY = /\.css$/;
/** A built file: what a package's own build wrote from its sources, never a source itself. */
const BUILT = /(?:^|\/)dist\//;

/** The `exports` of a package.json: each entry that publishes a module (a TypeScript source, or a stylesheet). */
export function readExports(fields: Fields): ExportEntry[] {
  const value = (fields.root as Record<string, unknown>).exports;
  if (value === undefined) return [];
  // `"exports": "./src/index.ts"` and a conditions object at the top are the package's root module, as Node reads them.
  const map = typeof value === 'string' || (isObject(value) && !Object.keys(value).some((key) => key.startsWith('.'))) ? { '.': value } : fields.object(['exports']);
  if (!map) return [];
  const entries: ExportEntry[] = [];
  for (const [key, target] of Object.entries(map)) {
    const path: JSONPath = key === '.' && map !== value ? ['exports'] : ['exports', key];
    const source = sourceTarget(target);
    if (!source) continue; // neither a source entry point nor a stylesheet: standard packaging, not a kit module
    if (key !== '.' && !key.startsWith('./')) {
      fields.fail(path, `the exports key "${key}" does not name a subpath; a public module is exported as "./<subpath>", the package's root module as "."`);
      continue;
    }
    const subpath = key === '.' ? ROOT_SUBPATH : key.slice(2);
    if (key === `./${ROOT_SUBPATH}` && sourceTarget(map['.'])) {
      fields.fail(path, `"./${ROOT_SUBPATH}" and "." both export a module at the subpath "${ROOT_SUBPATH}" (the root module's address is …/modules/${ROOT_SUBPATH}); remove one of them`);
      continue;
    }
    const stars = key.split('*').length - 1;
    if (stars > 1 || stars !== source.split('*').length - 1) {
      fields.fail(path, `the exports pattern "${key}" → "${source}" needs exactly one "*" on each side, as Node reads patterns`);
      continue;
    }
    entries.push({ subpath, target: source, position: fields.at(path), pattern: stars === 1 });
  }
  return entries;
}

/** The conditions kit reads `exports` with, as a browser bundler does in development, `source` first among equals. */
const CONDITIONS = new Set(['source', 'development', 'import', 'browser', 'default']);

/**
 * The TypeScript source (or the stylesheet) a target resolves to, as Node resolves
 * conditions: a conditions object is read in its key order, the first active condition whose
 * target resolves wins; a target that is not a source file of the package (a built `dist/`
 * file, a `dist/` stylesheet included) is passed over for the next, and `types` never names a
 * module. An array is read as Node's fallbacks.
 */
function sourceTarget(target: unknown): string | undefined {
  if (typeof target === 'string') {
    if (!target.startsWith('./')) return undefined;
    if (STYLESHEET_ENTRY.test(target)) return BUILT.test(target) ? undefined : target;
    return SOURCE_ENTRY.test(target) && !target.endsWith('.d.ts') ? target : undefined;
  }
  if (Array.isArray(target)) {
    for (const item of target) {
      const found = sourceTarget(item);
      if (found) return found;
    }
    return undefined;
  }
  if (isObject(target)) {
    for (const [condition, value] of Object.entries(target)) {
      if (!CONDITIONS.has(condition)) continue;
      const found = sourceTarget(value);
      if (found) return found;
    }
  }
  return undefined;
}
