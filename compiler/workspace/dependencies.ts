import { bundleError, dependencyIncompatible, dependencyNotDeclared, type Diagnostic, type Location } from '../diagnostics.js';
import { findModule, findPackage, type PackageInfo, type Workspace } from './model.js';
import { satisfiesRange } from './workspace-ranges.js';

/** The package part of a bare specifier: `@scope/name` or `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Checks a bare import of `specifier` by a module of `importer` (not a Node built-in): a
 * module of the same package needs no declaration; any other package must be declared in
 * `dependencies` or `peerDependencies` (as a library declares React), and a workspace
 * package's version must satisfy the declared range.
 * Returns the diagnostic (placed where `at` says, asked only then), or undefined when the
 * import may stay a bare import.
 */
export function checkDependency(workspace: Workspace, importer: PackageInfo, specifier: string, at: () => Location): Diagnostic | undefined {
  const name = packageNameOf(specifier);
  const sibling = name === importer.name ? importer : findPackage(workspace, name);
  if (sibling !== importer) {
    const { dependencies, peerDependencies } = importer.manifest;
    const peer = dependencies[name] === undefined;
    const range = dependencies[name] ?? peerDependencies[name];
    if (range === undefined) return dependencyNotDeclared(name, importer.manifestFile, at());
    if (sibling && !satisfies(sibling.version, range)) {
      const position = peer ? importer.manifest.peerDependencyPosition(name) : importer.manifest.dependencyPosition(name);
      return dependencyIncompatible(name, sibling.version, range, { file: importer.manifestFile, ...position }, at());
    }
  }
  if (sibling && !findModule(workspace, specifier)) {
    const modules = workspace.modules.filter((m) => m.package === sibling).map((m) => m.specifier);
    // A package that publishes nothing has been told why: the importer hears the same.
    const silent = modules.length ? undefined : workspace.warnings.find((w) => w.code === 'PACKAGE_NO_MODULES' && w.file === sibling.manifestFile);
    if (silent) return bundleError(`'${specifier}' cannot be imported: ${silent.message} (${silent.file}:${silent.line}:${silent.column})`, at());
    const listed = modules.length ? ` (its modules: ${modules.join(', ')})` : '';
    // A stylesheet is published by an `exports` entry alone (CONTRACT §11).
    const fix = specifier.endsWith('.css')
      ? `or export the stylesheet from ${sibling.manifestFile} ("exports": { "./${specifier.slice(name.length + 1)}": "./<path of the sheet>" })`
      : 'or declare the module with a module.json if it really is public API';
    return bundleError(`'${specifier}' is not a public module of ${name}${listed}; import a public module, ${fix}`, at());
  }
  return undefined;
}

/** semver's answer, kept by version and range: every bare import a build decides asks it again, and each asks it to parse both. */
const answers = new Map<string, boolean>();

function satisfies(version: string, range: string): boolean {
  const key = `${version} ${range}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    if (answers.size >= 10_000) answers.clear();
    answers.set(key, (answer = satisfiesRange(version, range)));
  }
  return answer;
}
