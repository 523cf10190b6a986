import { statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import type { PassedOverTarget, UnpublishedExport } from './exports.js';
import type { PackageInfo } from './model.js';
import { PAGE_FILE } from './pages.js';
import { toPosix } from '../paths.js';
import type { PackageTree } from './tree.js';

/** How many `exports` keys a warning names before it counts the rest. */
const NAMED_KEYS = 3;

/**
 * Why a package of the workspace publishes no module, as a `PACKAGE_NO_MODULES` warning: each
 * `exports` target kit passed over and the condition it needed, or an app with no page (CONTRACT
 * §11, "Nothing silent"). Nothing is said of a package with no TypeScript source (a shared
 * tsconfig or lint configuration: nothing to publish), or one whose page or exported sources
 * (a stylesheet among them) are there (their own diagnostics speak).
 */
export function explainNoModules(pkg: PackageInfo, tree: PackageTree, root: string): Diagnostic | undefined {
  // A source entry that yields no module (a pattern matching nothing) is warned where it is written.
  if (!tree.hasSources || pkg.manifest.exports.length || isFile(join(pkg.dir, PAGE_FILE))) return undefined;
  const unpublished = pkg.manifest.unpublishedExports;
  const warn = (why: string, position = { line: 1, column: 1 }) => ({ code: 'PACKAGE_NO_MODULES', message: `${pkg.name} has no public module: ${why}`, file: pkg.manifestFile, ...position });
  const explained = unpublished.filter((key) => key.targets.length);
  if (explained.length) return warn(explainExports(explained, pkg.dir), explained[0].position);
  const folder = toPosix(relative(root, pkg.dir));
  const unread = tree.moduleManifests.length ? `; its module.json files are read only with "kit": { "modules": "." } in ${pkg.manifestFile}` : '';
  const app = findAppEntry(pkg.dir);
  if (app) return warn(`${folder} is an app without a page (no ${folder}/${PAGE_FILE}); add one whose module script names its entry: <script type="module" src="/${app}"></script>${unread}`);
  const exportsSay = unpublished.length ? `${pkg.manifestFile}'s "exports" names no TypeScript source` : `${pkg.manifestFile} has no "exports"`;
  return warn(`${exportsSay}; publish the package's entry, e.g. "exports": { ".": "./${findLibraryEntry(pkg.dir)}" }${unread}`);
}

/** The `exports` keys that name code and what each names, then the fix: the conditions to add to kit.json, or the source to name. */
function explainExports(keys: UnpublishedExport[], dir: string): string {
  // The built files first: the last words before the fix are the conditions it names.
  const ordered = (targets: PassedOverTarget[]) => [...targets.filter((t) => t.reason !== 'inactive'), ...targets.filter((t) => t.reason === 'inactive')];
  const named = keys.slice(0, NAMED_KEYS).map((key) => `"exports" "${key.key}" names ${ordered(key.targets).map(describeTarget).join(' and ')}`);
  if (keys.length > NAMED_KEYS) named.push(`${keys.length - NAMED_KEYS} more keys alike`);
  const conditions = [...new Set(keys.flatMap((key) => key.targets.filter((t) => t.reason === 'inactive').map((t) => t.condition!)))];
  const fix = conditions.length
    ? `add ${conditions.map((c) => `"${c}"`).join(' and ')} to "conditions" in kit.json`
    : `name its TypeScript source under a "source" condition, e.g. "${keys[0].key}": { "source": "./${findLibraryEntry(dir)}", … }`;
  return `${named.join('; ')}; ${fix}`;
}

function describeTarget(target: PassedOverTarget): string {
  const under = target.condition ? ` under "${target.condition}"` : '';
  return target.reason === 'inactive' ? `${target.target}${under}, a condition kit does not read` : `${target.target}${under} (a built file kit does not compile)`;
}

const APP_ENTRIES = ['src/main.tsx', 'src/main.ts', 'src/main.jsx', 'src/main.js', 'src/index.tsx'];
const VITE_CONFIGS = ['vite.config.ts', 'vite.config.mts', 'vite.config.js', 'vite.config.mjs'];

/** An app's entry, when the package looks like an app (Vite's `src/main.tsx`, a Vite config, or a folder under `apps/`). */
function findAppEntry(dir: string): string | undefined {
  const entry = APP_ENTRIES.find((file) => isFile(join(dir, file)));
  const isApp = entry !== undefined || VITE_CONFIGS.some((file) => isFile(join(dir, file))) || basename(dirname(dir)) === 'apps';
  return isApp ? (entry ?? 'src/main.tsx') : undefined;
}

const LIBRARY_ENTRIES = ['src/index.ts', 'src/index.tsx', 'index.ts', 'index.tsx'];

function findLibraryEntry(dir: string): string {
  return LIBRARY_ENTRIES.find((file) => isFile(join(dir, file))) ?? 'src/index.ts';
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}
