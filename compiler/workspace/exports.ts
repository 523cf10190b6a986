import type { JSONPath } from 'jsonc-parser';
import { Fields, isObject } from './fields.js';
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

/** A target an `exports` key names that kit passed over, and why. */
export interface PassedOverTarget {
  target: string;
  /** The condition it stands under (the innermost that decided), if any. */
  condition?: string;
  /** `inactive`: a source under a condition kit does not read; `built`: JavaScript or a stylesheet kit does not compile (a `dist/` file). */
  reason: 'inactive' | 'built';
}

/** An `exports` key that publishes no module: what `PACKAGE_NO_MODULES` explains. */
export interface UnpublishedExport {
  /** `"."` or `"./button"`, as written. */
  key: string;
  position: Position;
  /** Empty when it names no file kit could take for code (only `types`, `./package.json`, `null`). */
  targets: PassedOverTarget[];
}

/** The conditions kit reads `exports` with, as a browser bundler does in development, `source` first among equals. */
export const KIT_CONDITIONS = ['source', 'development', 'import', 'browser', 'default'] as const;

const SOURCE_ENTRY = /\.tsx?$/;
const JAVASCRIPT = /\.[cm]?jsx?$/;
/** A stylesheet the package publishes (`"./globals.css": "./src/globals.css"`): a module of its own (CONTRACT §11). */
const STYLESHEET = /\.css$/;
/** A built file: what a package's own build wrote from its sources, never a source itself. */
const BUILT = /(?:^|\/)dist\//;

/**
 * The `exports` of a package as kit reads them with `conditions` (kit.json's, then kit's own)
 * active: the entries that publish a module, and the keys that publish none with the targets
 * passed over (a warning names them when the package ends up with no module at all).
 */
export function readExports(fields: Fields, conditions: ReadonlySet<string>): { entries: ExportEntry[]; unpublished: UnpublishedExport[] } {
  const entries: ExportEntry[] = [];
  const unpublished: UnpublishedExport[] = [];
  const value = (fields.root as Record<string, unknown>).exports;
  if (value === undefined) return { entries, unpublished };
  // `"exports": "./src/index.ts"` and a conditions object at the top are the package's root module, as Node reads them.
  const map = typeof value === 'string' || (isObject(value) && !Object.keys(value).some((key) => key.startsWith('.'))) ? { '.': value } : fields.object(['exports']);
  if (!map) return { entries, unpublished };
  for (const [key, target] of Object.entries(map)) {
    const path: JSONPath = key === '.' && map !== value ? ['exports'] : ['exports', key];
    const source = sourceTarget(target, conditions);
    if (!source) {
      // Not a source entry point: standard packaging, not a kit module. Kept to say why, should nothing else be published.
      unpublished.push({ key, position: fields.at(path), targets: passedOver(target, conditions) });
      continue;
    }
    if (key !== '.' && !key.startsWith('./')) {
      fields.fail(path, `the exports key "${key}" does not name a subpath; a public module is exported as "./<subpath>", the package's root module as "."`);
      continue;
    }
    const subpath = key === '.' ? ROOT_SUBPATH : key.slice(2);
    if (key === `./${ROOT_SUBPATH}` && sourceTarget(map['.'], conditions)) {
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
  return { entries, unpublished };
}

/** A TypeScript source, or a stylesheet that is not a built file: what publishes a module. */
function isSourceFile(target: string): boolean {
  if (!target.startsWith('./')) return false;
  if (STYLESHEET.test(target)) return !BUILT.test(target);
  return SOURCE_ENTRY.test(target) && !target.endsWith('.d.ts');
}

/**
 * The TypeScript source a target resolves to, as Node resolves conditions: a conditions
 * object is read in its key order, the first active condition whose target resolves wins;
 * a target that is not a source file of the package (a built `dist/` file) is passed over
 * for the next, and `types` never names a module. An array is read as Node's fallbacks.
 */
function sourceTarget(target: unknown, conditions: ReadonlySet<string>): string | undefined {
  if (typeof target === 'string') return isSourceFile(target) ? target : undefined;
  if (Array.isArray(target)) {
    for (const item of target) {
      const found = sourceTarget(item, conditions);
      if (found) return found;
    }
    return undefined;
  }
  if (isObject(target)) {
    for (const [condition, value] of Object.entries(target)) {
      if (condition === 'types' || !conditions.has(condition)) continue;
      const found = sourceTarget(value, conditions);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Every target below `target` that names code or a stylesheet, with why it is no module: a
 * source under a condition kit does not read (the first such condition on its way), a built
 * file, or a stylesheet. `types`, other files (`./package.json`) and what is not a file of the
 * package (`null`, a path outside it) are no one's module.
 */
function passedOver(target: unknown, conditions: ReadonlySet<string>, condition?: string, inactive?: string): PassedOverTarget[] {
  if (typeof target === 'string') {
    if (!target.startsWith('./') || target.endsWith('.d.ts')) return [];
    if (isSourceFile(target)) return inactive ? [{ target, condition: inactive, reason: 'inactive' }] : [];
    if (JAVASCRIPT.test(target)) return [{ target, condition, reason: 'built' }];
    return STYLESHEET.test(target) ? [{ target, condition, reason: 'built' }] : [];
  }
  if (Array.isArray(target)) return target.flatMap((item) => passedOver(item, conditions, condition, inactive));
  if (!isObject(target)) return [];
  return Object.entries(target).flatMap(([key, value]) =>
    key === 'types' ? [] : passedOver(value, conditions, key, inactive ?? (conditions.has(key) ? undefined : key)),
  );
}
