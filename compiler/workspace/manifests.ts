import { readFileSync } from 'node:fs';
import { semver } from '../commonjs.js';
import { manifestInvalid, type Diagnostic } from '../diagnostics.js';
import { Fields, isObject } from './fields.js';
import { parseJson, type Position } from './json.js';
import { isCatalogRange, isWorkspaceRange, WORKSPACE_PROTOCOL } from './range-syntax.js';
import { readExports, type ExportEntry } from './exports-field.js';

/** `kit.json`: the packages of the workspace. */
export interface KitManifest {
  file: string;
  packages: { dir: string; position: Position }[];
  /** `false`: an open preview is told of a code change instead of reloading itself. */
  reload?: boolean;
}

/** A bundler registered in a package's `bundlers`. */
export interface BundlerRef {
  name: string;
  specifier: string;
  compiler?: string;
}

/** One `exports` entry that publishes a module (see exports-field.ts). */
export type { ExportEntry };

/** `package.json`, validated. */
export interface PackageManifest {
  file: string;
  name: string;
  version: string;
  /** `"private": true`: never published, so its address may keep new bytes at one version. */
  private: boolean;
  /** Where `"version"` stands. */
  versionPosition: Position;
  dependencies: Record<string, string>;
  dependencyPosition(name: string): Position;
  /** `peerDependencies`: a library's declared imports the application installs (React, say). */
  peerDependencies: Record<string, string>;
  peerDependencyPosition(name: string): Position;
  exports: ExportEntry[];
  modulesDir?: string;
  bundler?: { name: string; position: Position };
  bundlers: Record<string, BundlerRef>;
}

export type Platform = 'node' | 'web';

/** `module.json`, validated. */
export interface ModuleManifest {
  file: string;
  platforms?: Platform[];
  /** Where `platforms` stands: what a diagnostic about the module's platforms points at. */
  platformsPosition?: Position;
  entry?: { value: string; position: Position };
  assets: { value: string; position: Position }[];
  subpath?: { value: string; position: Position };
  bundler?: { name: string; position: Position };
}

export type Read<T> = { manifest?: T; diagnostics: Diagnostic[]; warnings?: Diagnostic[] };

/** The platform sets a module may declare, sorted: browsers, both, or Node only. */
const PLATFORM_SETS = ['web', 'node,web', 'node'];
const SCOPED_NAME = /^@[a-z0-9][a-z0-9._~-]*\/[a-z0-9][a-z0-9._~-]*$/;

/** The package.json members whose misspelling changes what kit does: a key a letter or two from one is warned. */
const WATCHED_PACKAGE_KEYS = ['dependencies', 'devDependencies', 'exports', 'kit'];
/** Members npm, Node, TypeScript and the package managers read: never taken for a misspelling. */
const PACKAGE_KEYS = new Set([
  '$schema', 'name', 'version', 'description', 'keywords', 'homepage', 'bugs', 'license', 'author', 'contributors', 'maintainers', 'funding',
  'files', 'main', 'browser', 'bin', 'man', 'directories', 'repository', 'scripts', 'config', 'private', 'publishConfig',
  'peerDependencies', 'peerDependenciesMeta', 'optionalDependencies', 'bundleDependencies', 'bundledDependencies', 'dependenciesMeta',
  'overrides', 'resolutions', 'engines', 'os', 'cpu', 'libc', 'workspaces', 'type', 'imports', 'types', 'typings', 'typesVersions',
  'module', 'sideEffects', 'packageManager', 'devEngines', 'bundlers', 'pnpm', 'unpkg', 'jsdelivr', 'style', 'gitHead', 'readme',
]);

/** Stands for the scope a message proposes, filled in once the workspace's packages are known (see `proposeScope`). */
export const PROPOSED_SCOPE = '@<scope>';

/** Reads a JSON manifest into `Fields`, or the one diagnostic saying why it cannot be read. */
function open(absolute: string, file: string, diagnostics: Diagnostic[]): Fields | undefined {
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch {
    diagnostics.push(manifestInvalid(`${file} cannot be read; create it or fix its permissions`, { file, line: 1, column: 1 }));
    return undefined;
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    diagnostics.push(manifestInvalid(`${parsed.message}; fix ${file}`, { file, ...parsed.position }));
    return undefined;
  }
  const fields = new Fields(file, parsed.document, diagnostics);
  if (!isObject(fields.root)) {
    fields.fail([], `${file} must hold a JSON object`);
    return undefined;
  }
  return fields;
}

/** Reads and validates `kit.json`. */
export function readKitManifest(absolute: string, file: string): Read<KitManifest> {
  const diagnostics: Diagnostic[] = [];
  const fields = open(absolute, file, diagnostics);
  if (!fields) return { diagnostics };
  const dirs = fields.strings(['packages']);
  if (!dirs) fields.fail([], `${file} must list the package directories in "packages", e.g. { "packages": ["packages/*"] }`);
  const packages = (dirs ?? []).map((dir, i) => ({ dir, position: fields.at(['packages', i]) }));
  const reload = fields.boolean(['reload']);
  fields.unknownKeys([], ['packages', 'reload']);
  return { manifest: { file, packages, reload }, diagnostics, warnings: fields.warnings };
}

/** Reads and validates a package's `package.json`. */
export function readPackageManifest(absolute: string, file: string): Read<PackageManifest> {
  const diagnostics: Diagnostic[] = [];
  const fields = open(absolute, file, diagnostics);
  if (!fields) return { diagnostics };
  const name = fields.string(['name']);
  const version = fields.string(['version']);
  const isPrivate = fields.boolean(['private']) === true;
  fields.string(['description']);
  if (name === undefined) fields.fail([], `${file} needs a "name", scoped as "@scope/package"`);
  else if (!SCOPED_NAME.test(name)) {
    const bare = name.replace(/^@[^/]*\//, '').toLowerCase().replace(/[^a-z0-9._~-]+/g, '-').replace(/^[^a-z0-9]+/, '') || 'package';
    fields.fail(['name'], `"name" must be a scoped package name, as module addresses are /m/<scope>/<package>@<version>/…; write "${PROPOSED_SCOPE}/${bare}"`);
  }
  if (version === undefined) fields.fail([], `${file} needs an exact "version", e.g. "0.1.0"`);
  else if (!semver.valid(version)) fields.fail(['version'], `"version" must be an exact version such as "0.1.0", not "${version}"`);
  const dependencies = fields.stringMap(['dependencies']);
  const peerDependencies = fields.stringMap(['peerDependencies']);
  for (const [dep, range] of Object.entries(dependencies)) {
    const semverRange = range.startsWith(WORKSPACE_PROTOCOL) ? range.slice(WORKSPACE_PROTOCOL.length) : range;
    if (isCatalogRange(range)) continue; // resolved through pnpm-workspace.yaml once the workspace is read
    if (range.startsWith(WORKSPACE_PROTOCOL) ? !isWorkspaceRange(semverRange) : !semver.validRange(range)) {
      fields.fail(['dependencies', dep], `"${range}" is not a version range; write one such as "^0.1.0", "0.1.0" or, for a package of the workspace, "workspace:^"`);
    }
  }
  const kit = fields.object(['kit']);
  const modulesDir = kit ? fields.string(['kit', 'modules']) : undefined;
  const bundlerName = kit ? fields.string(['kit', 'bundler']) : undefined;
  fields.unknownKeys(['kit'], ['modules', 'bundler']);
  fields.nearMisses([], WATCHED_PACKAGE_KEYS, PACKAGE_KEYS);
  if (name === undefined || version === undefined || !SCOPED_NAME.test(name) || !semver.valid(version)) return { diagnostics };
  return {
    manifest: {
      file,
      name,
      version,
      private: isPrivate,
      versionPosition: fields.at(['version']),
      dependencies,
      dependencyPosition: (dep) => fields.at(['dependencies', dep]),
      peerDependencies,
      peerDependencyPosition: (dep) => fields.at(['peerDependencies', dep]),
      exports: readExports(fields),
      modulesDir,
      bundler: bundlerName === undefined ? undefined : { name: bundlerName, position: fields.at(['kit', 'bundler']) },
      bundlers: readBundlers(fields),
    },
    diagnostics,
    warnings: fields.warnings,
  };
}

function readBundlers(fields: Fields): Record<string, BundlerRef> {
  const map = fields.object(['bundlers']) ?? {};
  const out: Record<string, BundlerRef> = {};
  for (const [name, value] of Object.entries(map)) {
    if (typeof value === 'string') {
      out[name] = { name, specifier: value };
      continue;
    }
    const specifier = isObject(value) ? fields.string(['bundlers', name, 'specifier']) : undefined;
    if (specifier === undefined) {
      fields.fail(['bundlers', name], `bundler "${name}" must be a specifier string or { "specifier": "…" }`);
      continue;
    }
    const processors = fields.object(['bundlers', name, 'processors']);
    const bundle = processors && fields.object(['bundlers', name, 'processors', 'bundle']);
    const compiler = bundle ? fields.string(['bundlers', name, 'processors', 'bundle', 'compiler']) : undefined;
    out[name] = { name, specifier, compiler };
  }
  return out;
}

/** Reads and validates a `module.json`. */
export function readModuleManifest(absolute: string, file: string): Read<ModuleManifest> {
  const diagnostics: Diagnostic[] = [];
  const fields = open(absolute, file, diagnostics);
  if (!fields) return { diagnostics };
  const platforms = fields.strings(['platforms']);
  const sorted = platforms ? [...platforms].sort().join(',') : undefined;
  const allowed = sorted !== undefined && PLATFORM_SETS.includes(sorted);
  if (sorted !== undefined && !allowed) {
    fields.fail(['platforms'], `"platforms" must be ["web"] (browsers), ["node", "web"] (both) or ["node"] (Node only), not ${JSON.stringify(platforms)}`);
  }
  const located = (key: string) => {
    const value = fields.string([key]);
    return value === undefined ? undefined : { value, position: fields.at([key]) };
  };
  const assets = (fields.strings(['assets']) ?? []).map((value, i) => ({ value, position: fields.at(['assets', i]) }));
  const bundler = located('bundler');
  fields.unknownKeys([], ['platforms', 'entry', 'assets', 'subpath', 'bundler']);
  return {
    manifest: {
      file,
      platforms: allowed ? (sorted.split(',') as Platform[]) : undefined,
      platformsPosition: platforms ? fields.at(['platforms']) : undefined,
      entry: located('entry'),
      assets,
      subpath: located('subpath'),
      bundler: bundler && { name: bundler.value, position: bundler.position },
    },
    diagnostics,
    warnings: fields.warnings,
  };
}
