import { semver } from '../commonjs.js';
import { manifestInvalid } from '../diagnostics.js';
import { findPackage, reportOnPackage, type Workspace } from './model.js';
import { WORKSPACE_PROTOCOL } from './range-syntax.js';


/**
 * Whether `version` satisfies a declared `range`: `workspace:*`, `workspace:^` and
 * `workspace:~` are satisfied by the workspace package's own version whatever it is, and
 * `workspace:<range>` as `<range>` would be (CONTRACT §9).
 */
export function satisfiesRange(version: string, range: string): boolean {
  if (!range.startsWith(WORKSPACE_PROTOCOL)) return semver.satisfies(version, range);
  const rest = range.slice(WORKSPACE_PROTOCOL.length);
  return rest === '*' || rest === '^' || rest === '~' || semver.satisfies(version, rest);
}

/**
 * A `workspace:` range must name a package of the workspace: one naming any other package is
 * a manifest error at the range, whether or not a module imports it. `unlisted` are sibling
 * packages kit.json does not list, reported by their own check.
 */
export function checkWorkspaceRanges(workspace: Workspace, unlisted: ReadonlyMap<string, string>): void {
  for (const pkg of workspace.packages) {
    for (const [name, range] of Object.entries(pkg.manifest.dependencies)) {
      if (!range.startsWith(WORKSPACE_PROTOCOL) || findPackage(workspace, name) || unlisted.has(name)) continue;
      const at = { file: pkg.manifestFile, ...pkg.manifest.dependencyPosition(name) };
      reportOnPackage(workspace, pkg, manifestInvalid(`"${range}" asks for a package of this workspace, and none is named "${name}"; list its directory in kit.json's "packages", or write a version range such as "^1.0.0"`, at));
    }
  }
}
