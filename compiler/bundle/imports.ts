import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, extname, relative, resolve } from 'node:path';
import { assetAddressFromModule } from './address.js';
import { assetNotDeclared, bundleError, importCrossesModule, previewBuiltin, type Diagnostic, type Location } from '../diagnostics.js';
import type { CompileOptions } from './options.js';
import { checkDependency } from '../workspace/dependencies.js';
import { aliasLookup, type AliasLookup } from '../check/aliases.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';
import { moduleOfEntry, owningModule } from '../workspace/ownership.js';
import { isInside, toPosix } from '../paths.js';
import { isSuffix, splitQuery, unknownSuffix, type Inlined } from './suffixes.js';

/** What a bundler does with one import of a module's file. */
export type ImportDecision =
  | { kind: 'external' }
  | { kind: 'stylesheet'; path: string }
  | { kind: 'asset'; path: string; url: string }
  | { kind: 'source'; /** The file a tsconfig `paths` alias names: the bundler loads it, as for a relative import. */ path?: string }
  /** An import with `?raw` or `?inline`: a module whose default export is a string made from the file (see inlined-module.ts). */
  | { kind: 'inline'; path: string; form: Inlined }
  | { kind: 'error'; diagnostic: Diagnostic };

/** Extensions of files a bundler reads as code; an imported file with any other is an asset. */
export const CODE = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json']);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
const BUILTINS = new Set(builtinModules);

/**
 * The rules every bundler applies to imports (Rules 3, 6, 7, 9, 10 and the dependency
 * rules), in one place so that the `ts` and `esbuild` bundlers cannot disagree.
 */
export class ImportPolicy {
  /** The bare imports left in the output, in the order first met. */
  readonly externals = new Set<string>();

  constructor(
    readonly workspace: Workspace,
    readonly module: ModuleInfo,
    readonly options: CompileOptions,
  ) {}

  /** Decides an import before the bundler resolves it. */
  decide(specifier: string, importer: string): ImportDecision {
    if (specifier.startsWith('.') || specifier.startsWith('/')) return this.decideRelative(specifier, importer);
    if (specifier.startsWith('#') || specifier.startsWith('\0')) return { kind: 'source' };
    // A tsconfig `paths` alias (`@/lib/utils`) names a file, not a package: a relative import's
    // rules apply to it (the bundler then checks where it led with `checkResolved`).
    // Its suffix (`@/assets/logo.svg?url`) is not part of the file the alias names.
    const { file, query } = splitQuery(specifier);
    const aliased = (this.aliases ??= aliasLookup(this.workspace))(file, importer);
    if (aliased) {
      const decision = this.decideRelative(query === undefined ? aliased : `${aliased}?${query}`, importer, specifier);
      return decision.kind === 'source' ? { kind: 'source', path: aliased } : decision;
    }
    if (query !== undefined) {
      return this.error(bundleError(`'${specifier}' names a package with a query; kit's import suffixes (?raw, ?url, ?inline) apply to the module's own files, imported by a relative path or a tsconfig \`paths\` alias`, this.locate(importer, specifier)));
    }
    return this.decideBare(specifier, importer);
  }

  /** The importers' tsconfig `paths`, read once per directory for this build. */
  private aliases?: AliasLookup;

  /** `written`: the specifier as the importer writes it (an alias's, when `specifier` is the file it names). */
  private decideRelative(specifier: string, importer: string, written = specifier): ImportDecision {
    const { file, query } = splitQuery(specifier);
    const path = resolve(dirname(importer), file);
    if (query !== undefined) return this.decideSuffix(query, path, importer, written);
    const extension = extname(path);
    if (extension === '.css') {
      const problem = this.checkStylesheet(path, importer, written);
      return problem ? this.error(problem) : { kind: 'stylesheet', path };
    }
    // Only an existing file with a non-code extension is an asset; `./x.test` names a source.
    if (extension === '' || CODE.has(extension) || !existsSync(path)) return { kind: 'source' };
    const asset = this.module.assets.find((a) => a.absolute === path);
    if (!asset) {
      const declaredAs = toPosix(relative(this.module.dir, path));
      return this.error(assetNotDeclared(declaredAs, this.module.moduleManifestFile ?? `${this.rel(this.module.dir)}/module.json`, this.locate(importer, written)));
    }
    return { kind: 'asset', path, url: assetAddressFromModule(this.module.subpath, asset.path) };
  }

  /**
   * An import with a query, as Vite's suffixes mean it (CONTRACT §11): `?url` is the address of
   * a declared asset, as the plain import of an asset is (so undeclared, it is served no more
   * than that is); `?raw` and `?inline` put what the file holds into the code itself, like a
   * helper's source, so any file of the module's package may be imported so.
   */
  private decideSuffix(query: string, path: string, importer: string, written: string): ImportDecision {
    const at = () => this.locate(importer, written);
    if (!isSuffix(query)) return this.error(bundleError(unknownSuffix(written, query, this.rel(path)), at()));
    if (!isFile(path)) return this.error(bundleError(`Cannot find '${written}' imported by ${this.rel(importer)}; create ${this.rel(path)} or correct the import`, at()));
    const extension = extname(path);
    if (query === 'url') {
      const asset = this.module.assets.find((a) => a.absolute === path);
      if (!asset) return this.error(assetNotDeclared(toPosix(relative(this.module.dir, path)), this.module.moduleManifestFile ?? `${this.rel(this.module.dir)}/module.json`, at()));
      return { kind: 'asset', path, url: assetAddressFromModule(this.module.subpath, asset.path) };
    }
    const problem = this.checkResolved(path, importer, written);
    if (problem) return this.error(problem);
    if (query === 'raw') return { kind: 'inline', path, form: 'raw' };
    if (extension === '.css') return { kind: 'inline', path, form: 'stylesheet' };
    if (CODE.has(extension)) {
      return this.error(bundleError(`'${written}': ?inline is for stylesheets and assets, and ${this.rel(path)} is code; import it as it is, or with ?raw for its text`, at()));
    }
    return { kind: 'inline', path, form: 'data' };
  }

  private decideBare(specifier: string, importer: string): ImportDecision {
    // Found in the importer's text only for a diagnostic: most imports have none.
    const at = () => this.locate(importer, specifier);
    const bare = specifier.replace(/^node:/, '');
    if (specifier.startsWith('node:') || BUILTINS.has(bare) || BUILTINS.has(bare.split('/')[0])) {
      if (this.options.target === 'browser') {
        return this.error(previewBuiltin(specifier, at()));
      }
      return this.external(specifier);
    }
    const problem = checkDependency(this.workspace, this.module.package, specifier, at);
    return problem ? this.error(problem) : this.external(specifier);
  }

  private external(specifier: string): ImportDecision {
    this.externals.add(specifier);
    return { kind: 'external' };
  }

  /** Checks a file the bundler resolved an import to: it must belong to this module, or be installed. */
  checkResolved(path: string, importer: string, specifier: string): Diagnostic | undefined {
    if (path.includes('/node_modules/')) return undefined;
    // Found in the importer's text only for a diagnostic: most resolved imports have none.
    const at = () => this.locate(importer, specifier);
    if (TEST_FILE.test(path)) {
      return bundleError(`'${specifier}' is a test file; test files are never module inputs, so keep them out of the module's imports`, at());
    }
    const entryOf = moduleOfEntry(this.workspace, path);
    if (entryOf && entryOf !== this.module) {
      return importCrossesModule(`'${specifier}' crosses into the module ${entryOf.specifier} by a file path; import it as '${entryOf.specifier}'`, at());
    }
    if (!isInside(path, this.module.package.dir)) {
      const owner = owningModule(this.workspace, path);
      const other = owner ? undefined : this.workspace.packages.find((pkg) => isInside(path, pkg.dir));
      if (owner) return importCrossesModule(`'${specifier}' crosses into the module ${owner.specifier} by a file path; it is a private file of ${owner.specifier}; import what that module exports from '${owner.specifier}'`, at());
      if (other) return importCrossesModule(`'${specifier}' crosses into the package ${other.name} by a file path; import what its modules export by their specifiers`, at());
      return bundleError(`'${specifier}' resolves to ${this.rel(path)}, outside the package ${this.module.package.name}; import it through a public module instead`, at());
    }
    // A file of the package that is no module's entry is a private helper of each module that reaches it.
    return undefined;
  }

  /**
   * Checks a stylesheet imported by a file path: it joins this module's stylesheet, so it must
   * be a sheet of this package that no module publishes. A sheet a package exports is a module
   * of its own (CONTRACT §11), and another package's sheet is imported by its specifier once
   * that package exports it, as its code is (Rule 7), so that a page links it once.
   */
  private checkStylesheet(path: string, importer: string, specifier: string): Diagnostic | undefined {
    const at = () => this.locate(importer, specifier);
    const published = moduleOfEntry(this.workspace, path);
    if (published && published !== this.module) {
      const own = this.module.package;
      const declared = published.package === own || own.manifest.dependencies[published.package.name] !== undefined || own.manifest.peerDependencies[published.package.name] !== undefined;
      const declare = declared ? '' : `, declaring ${published.package.name} in "dependencies" of ${own.manifestFile}`;
      return importCrossesModule(`'${specifier}' names by a file path the stylesheet ${published.package.name} exports as '${published.specifier}'; import it as '${published.specifier}'${declare}`, at());
    }
    if (isInside(path, this.module.package.dir)) return undefined;
    const other = this.workspace.packages.find((pkg) => isInside(path, pkg.dir));
    if (!other) return bundleError(`'${specifier}' resolves to ${this.rel(path)}, outside the package ${this.module.package.name}; move the stylesheet into the package, or import it from the package that holds it by its specifier`, at());
    const key = `./${basename(path)}`;
    const target = `./${toPosix(relative(other.dir, path))}`;
    return importCrossesModule(`'${specifier}' crosses into the package ${other.name} by a file path; import the stylesheet by its specifier once ${other.name} exports it: add "${key}": "${target}" to "exports" in ${other.manifestFile}, then import '${other.name}/${key.slice(2)}'`, at());
  }

  private error(diagnostic: Diagnostic): ImportDecision {
    return { kind: 'error', diagnostic };
  }

  private rel(path: string): string {
    return toPosix(relative(this.workspace.root, path));
  }

  /** Where `specifier` is imported in `importer`. */
  locate(importer: string, specifier: string): Location {
    return locateImport(this.workspace.root, importer, specifier);
  }
}

/** Whether `path` is a file, a link followed. */
function isFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false; // a path through a file: not there either
  }
}

/** Where `specifier` is imported in `importer`: found in its text, since bundlers do not say. */
export function locateImport(root: string, importer: string, specifier: string): Location {
  const file = toPosix(relative(root, importer));
  let text: string;
  try {
    text = readFileSync(importer, 'utf8');
  } catch {
    return { file };
  }
  for (const quote of ["'", '"', '`']) {
    const offset = text.indexOf(`${quote}${specifier}${quote}`);
    if (offset < 0) continue;
    const before = text.slice(0, offset);
    return { file, line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
  }
  return { file, line: 1, column: 1 };
}


