import { semver } from '../commonjs.js';

/** The prefix pnpm, yarn and bun write for a dependency on a package of the same workspace. */
export const WORKSPACE_PROTOCOL = 'workspace:';

/** The prefix of a range pnpm takes from a catalog: `catalog:` (the default one) or `catalog:<name>`. */
export const CATALOG_PROTOCOL = 'catalog:';

/** What may follow `workspace:`: `*`, `^`, `~` (the package's own version), or a semver range. */
export function isWorkspaceRange(rest: string): boolean {
  return rest === '*' || rest === '^' || rest === '~' || semver.validRange(rest) !== null;
}

/** Whether `range` is a catalog range kit can read: `catalog:`, `catalog:default`, `catalog:<name>`. */
export function isCatalogRange(range: string): boolean {
  return range.startsWith(CATALOG_PROTOCOL) && /^[A-Za-z0-9_.-]*$/.test(range.slice(CATALOG_PROTOCOL.length));
}
