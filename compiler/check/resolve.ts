import { readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';

/** What a `.js`-style extension stands for in TypeScript sources (`./x.js` is `./x.ts` before emit). */
const SOURCE_FOR: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };
const DECLARATION_FOR: Record<string, string> = { '.js': '.d.ts', '.jsx': '.d.ts', '.mjs': '.d.mts', '.cjs': '.d.cts' };
const CODE = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json']);
const SOURCES = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

function isFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    // A path through a file (`x.css/index.ts`): not there either.
    return false;
  }
}

/** Whether a path is a file: by a stat each time, or (`directoryListings`) from its directory's entries. */
export type FileTest = (path: string) => boolean;

/**
 * A file test for a burst of lookups (one module's reach), most of them misses: an import of
 * `./styles.css` alone tries nine names TypeScript would take, none there. Each directory is
 * read once for the burst instead of a stat per name. Make one per burst: a listing is not
 * looked at again, so a file made later is not seen by it. `onRead` is told of each directory
 * before it is read (to take its stamp: a file made in it later changes that).
 */
export function directoryListings(onRead?: (dir: string) => void): FileTest {
  const listings = new Map<string, Map<string, Dirent> | undefined>();
  return (path) => {
    const dir = dirname(path);
    let listing = listings.get(dir);
    if (!listings.has(dir)) {
      onRead?.(dir);
      listings.set(dir, (listing = readListing(dir)));
    }
    const entry = listing?.get(basename(path));
    // A link is followed as a stat follows it.
    return entry ? (entry.isSymbolicLink() ? isFile(path) : entry.isFile()) : false;
  };
}

function readListing(dir: string): Map<string, Dirent> | undefined {
  try {
    return new Map(readdirSync(dir, { withFileTypes: true }).map((entry) => [entry.name, entry]));
  } catch {
    return undefined; // missing, or not a directory
  }
}

/**
 * A relative import of a TypeScript file, resolved as TypeScript's `bundler` resolution does:
 * `./x.js` names `./x.ts`, `./x` names `./x.ts` or `./x/index.ts`. With `types`, declaration
 * files count too (what the check reads); without, only files that have code (what is bundled).
 */
export function resolveRelative(specifier: string, importer: string, types: boolean, exists: FileTest = isFile): string | undefined {
  const base = resolve(dirname(importer), specifier.replace(/[?#].*$/, ''));
  for (const candidate of candidates(base, types)) if (exists(candidate)) return candidate;
  return undefined;
}

function candidates(base: string, types: boolean): string[] {
  const extension = extname(base);
  const stem = base.slice(0, base.length - extension.length);
  if (SOURCE_FOR[extension]) {
    return [...SOURCE_FOR[extension].map((e) => stem + e), ...(types ? [stem + DECLARATION_FOR[extension]] : []), base];
  }
  const own = CODE.has(extension) || extension === '.d.ts' ? [base] : [];
  const withExtension = (path: string) => [...SOURCES.map((e) => path + e), ...(types ? [`${path}.d.ts`] : [])];
  return [...own, ...withExtension(base), ...withExtension(join(base, 'index'))];
}

interface PackageJson {
  types?: unknown;
  typings?: unknown;
  exports?: unknown;
}

/**
 * The declaration file TypeScript reads for a bare import of an installed package: the
 * `types` condition of its `exports`, its `types` or `typings`, an `index.d.ts`, then the
 * same from `@types`. Looked for in every node_modules above `fromDir`. `onRead` is told of
 * each package.json read.
 */
export function resolveInstalledTypes(specifier: string, fromDir: string, exists: FileTest = isFile, onRead?: (manifest: string) => void): { types?: string; manifest?: string } {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  const subpath = specifier.slice(name.length);
  const typesName = `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
  for (let dir = fromDir; ; dir = dirname(dir)) {
    for (const packageName of [name, typesName]) {
      const root = join(dir, 'node_modules', packageName);
      const manifest = join(root, 'package.json');
      if (!exists(manifest)) continue;
      onRead?.(manifest);
      const types = typesEntry(root, readManifest(manifest), subpath, exists);
      if (types) return { types, manifest };
    }
    if (dirname(dir) === dir) return {};
  }
}

function readManifest(file: string): PackageJson {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
  } catch {
    return {};
  }
}

function typesEntry(root: string, manifest: PackageJson, subpath: string, exists: FileTest): string | undefined {
  const exported = typesCondition(exportTarget(manifest.exports, `.${subpath}`));
  const declared = subpath ? undefined : manifest.types ?? manifest.typings;
  for (const named of [exported, declared]) {
    if (typeof named !== 'string') continue;
    const path = resolve(root, named);
    if (exists(path)) return path;
    const declaration = path.replace(/\.([cm]?)js$/, '.d.$1ts');
    if (exists(declaration)) return declaration;
  }
  const base = join(root, subpath);
  return [`${base}.d.ts`, join(base, 'index.d.ts')].find(exists);
}

/** The target `exports` gives a subpath: the exact key, else `.` for a bare string or conditions. */
function exportTarget(exports: unknown, subpath: string): unknown {
  if (typeof exports === 'string' || Array.isArray(exports)) return subpath === '.' ? exports : undefined;
  if (!exports || typeof exports !== 'object') return undefined;
  const map = exports as Record<string, unknown>;
  if (!Object.keys(map).some((key) => key.startsWith('.'))) return subpath === '.' ? map : undefined;
  return map[subpath];
}

/** The file named by `types` (or, failing that, `import` and `default`) in a conditions object. */
function typesCondition(target: unknown): unknown {
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) return target.map(typesCondition).find((t) => typeof t === 'string');
  if (!target || typeof target !== 'object') return undefined;
  const conditions = target as Record<string, unknown>;
  for (const key of ['types', 'import', 'default']) {
    const found = typesCondition(conditions[key]);
    if (typeof found === 'string') return found;
  }
  return undefined;
}
