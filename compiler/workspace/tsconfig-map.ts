import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { isInside, toPosix } from '../paths.js';
import { readTsconfigChain, type TsconfigFile } from './tsconfig-read.js';

/** How one tsconfig is read for TypeScript 7 when the workspace's own TypeScript is 5.x. */
export interface TsconfigMapping {
  /** Compiler options laid over the tsconfig for the check (`null` unsets an inherited one). */
  overrides: Record<string, unknown>;
  /** `paths` entries (relative to the tsconfig's directory) the check adds: `baseUrl`'s `*`. */
  paths: Record<string, string[]>;
  /** One per option mapped: the tsconfig, the option's position, what kit does, the edit for TypeScript 7. */
  warnings: Diagnostic[];
}

/** Options TypeScript 7 removed that only change the emit (kit emits by its own rules): unset for the check. */
const EMIT_ONLY = ['outFile', 'out', 'downlevelIteration', 'importsNotUsedAsValues', 'preserveValueImports', 'charset', 'noImplicitUseStrict', 'prepend'];
/** Removed options that loosened the check: unset, as TypeScript 7 always checks as if they were not there. */
const REMOVED = ['keyofStringsOnly', 'suppressExcessPropertyErrors', 'suppressImplicitAnyIndexErrors', 'noStrictGenericChecks'];
const OLD_RESOLUTION = new Set(['node', 'node10', 'classic']);
const OLD_TARGETS = new Set(['es3', 'es5']);
const OLD_MODULES = new Set(['amd', 'umd', 'system', 'none', 'commonjs']);
const FALSE_ONLY = ['esModuleInterop', 'allowSyntheticDefaultImports', 'alwaysStrict'];

/**
 * What a 5.x workspace's tsconfig means, as far as TypeScript 7 can say it: options with a
 * faithful equivalent are mapped (node10 resolution to `bundler`, `baseUrl` to a `*` path,
 * the implicit inclusion of every `@types` package to an explicit `types`, an es3/es5 target
 * checked as es2015, `esModuleInterop: false` dropped), options that only change the emit are
 * unset for the check. Each mapping is a warning at the option, naming the edit that makes
 * the tsconfig ready for TypeScript 7. A 6 or 7 workspace is judged as its `tsc` judges it:
 * nothing is mapped.
 */
export function mapTsconfig(tsconfig: string, major: number, root: string): TsconfigMapping {
  const mapping: TsconfigMapping = { overrides: {}, paths: {}, warnings: [] };
  if (major >= 6) return mapping;
  const chain = readTsconfigChain(tsconfig);
  /** The file of the chain that sets `name` (the one that wins), and its value there. */
  const setting = (name: string): { at: TsconfigFile; value: unknown } | undefined => {
    const at = chain.find((file) => name in file.options);
    return at && { at, value: at.options[name] };
  };
  const warn = (at: TsconfigFile, name: string, message: string) => {
    const position = at.positionOf(name) ?? { line: 1, column: 1 };
    mapping.warnings.push({ code: 'TSCONFIG_MAPPED', message: `${message} (TypeScript ${major} accepts it, TypeScript 7 does not)`, file: toPosix(relative(root, at.file)), ...position });
  };
  const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

  const resolution = setting('moduleResolution');
  const module = setting('module');
  if (resolution && OLD_RESOLUTION.has(lower(resolution.value) as string)) {
    mapping.overrides.moduleResolution = 'bundler';
    warn(resolution.at, 'moduleResolution', `"moduleResolution": "${resolution.value}" is checked as "bundler"; for TypeScript 7 set "moduleResolution": "bundler"`);
  }
  // `bundler` resolution needs ES modules: a CommonJS (or AMD, UMD, System) module setting goes with it.
  if (mapping.overrides.moduleResolution && module && OLD_MODULES.has(lower(module.value) as string)) {
    mapping.overrides.module = 'esnext';
    warn(module.at, 'module', `"module": "${module.value}" is checked as "esnext", which "bundler" resolution needs (kit emits ES modules); for TypeScript 7 set "module": "esnext"`);
  } else if (mapping.overrides.moduleResolution && !module) {
    mapping.overrides.module = 'esnext';
  }
  const baseUrl = setting('baseUrl');
  const baseDir = typeof baseUrl?.value === 'string' ? baseUrl.value : undefined;
  if (baseUrl && baseDir !== undefined) {
    // Relative to the check's tsconfig for the check; relative to the file that sets it for the edit.
    const from = (dir: string) => {
      const path = toPosix(relative(dir, join(dirname(baseUrl.at.file), baseDir))) || '.';
      return `${path.startsWith('.') ? path : `./${path}`}/*`;
    };
    mapping.overrides.baseUrl = null;
    mapping.paths['*'] = [from(dirname(tsconfig))];
    warn(baseUrl.at, 'baseUrl', `"baseUrl" is checked as "paths": {"*": ["${from(dirname(baseUrl.at.file))}"]}; for TypeScript 7 remove "baseUrl" and add that "paths" entry`);
  }
  const target = setting('target');
  if (target && OLD_TARGETS.has(lower(target.value) as string)) {
    mapping.overrides.target = 'es2015';
    warn(target.at, 'target', `"target": "${target.value}" is checked as "es2015" (kit still emits ${target.value}); for TypeScript 7 set "target": "es2015" or later`);
  }
  if (!setting('types')) {
    const types = installedTypes(dirname(tsconfig), root);
    if (types.length) {
      mapping.overrides.types = types;
      mapping.warnings.push({ code: 'TSCONFIG_MAPPED', message: `no "types": TypeScript ${major} includes every @types package, TypeScript 7 none; kit checks with "types": ${JSON.stringify(types)}: set that (TypeScript ${major} accepts it, TypeScript 7 needs it)`, file: toPosix(relative(root, tsconfig)), line: 1, column: 1 });
    }
  }
  for (const name of FALSE_ONLY) {
    const found = setting(name);
    if (found?.value !== false) continue;
    mapping.overrides[name] = null;
    warn(found.at, name, `"${name}": false is checked as true (TypeScript 7 has no other); for TypeScript 7 remove it`);
  }
  for (const name of [...EMIT_ONLY, ...REMOVED]) {
    const found = setting(name);
    if (!found) continue;
    mapping.overrides[name] = null;
    warn(found.at, name, `"${name}" is ignored by the check${EMIT_ONLY.includes(name) ? ' (it only changes the emit)' : ''}; for TypeScript 7 remove it`);
  }
  return mapping;
}

/** The `@types` packages TypeScript 5 includes for a tsconfig in `dir`: those in every node_modules/@types up to the workspace root. */
function installedTypes(dir: string, root: string): string[] {
  const names = new Set<string>();
  for (let at = dir; isInside(at, root); at = dirname(at)) {
    try {
      for (const entry of readdirSync(join(at, 'node_modules', '@types'))) if (!entry.startsWith('.')) names.add(entry);
    } catch {
      // no @types here
    }
    if (at === root) break;
  }
  return [...names].sort();
}
