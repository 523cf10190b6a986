import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { KIT, KIT_HOME } from '../version.js';

/**
 * The range a new workspace at `dir` records for kit, one that `npm install` can install
 * (kit is not on the npm registry):
 * - kit runs from a checkout: `file:<the checkout>`, as `npm install <checkout>` records it;
 *   npm links it and builds nothing.
 * - kit runs from a node_modules: what installed it, as the installing package.json declares
 *   it (npm, npx and pnpm all write one): a `file:` path to the tarball or folder, rebased
 *   to the workspace, or any other range as written.
 * - no package.json declares it (`npm install -g`): `file:<the installed kit>`, which holds
 *   its own dependencies.
 * Paths are relative, with posix separators.
 */
export function kitDependency(dir: string): string {
  if (!KIT_HOME.split(sep).includes('node_modules')) return fileRange(dir, KIT_HOME);
  const declared = installingRange();
  if (declared && !/^(file|link):/.test(declared.range)) return declared.range;
  return fileRange(dir, declared?.path ?? KIT_HOME);
}

/**
 * kit's range in the nearest package.json that installed it: the one beside a `node_modules`
 * that holds KIT_HOME, innermost first (pnpm keeps the package itself deeper, in
 * node_modules/.pnpm/<id>/node_modules). A path range that no longer leads anywhere counts
 * as none.
 */
function installingRange(): { range: string; path?: string } | undefined {
  const parts = KIT_HOME.split(sep);
  for (let at = parts.lastIndexOf('node_modules'); at > 0; at = parts.lastIndexOf('node_modules', at - 1)) {
    const root = parts.slice(0, at).join(sep) || sep;
    const range = declaredRange(join(root, 'package.json'));
    if (range === undefined || range.startsWith('workspace:')) continue;
    if (!/^(file|link):/.test(range)) return { range };
    const path = resolve(root, range.replace(/^(file|link):/, ''));
    return existsSync(path) ? { range, path } : undefined;
  }
  return undefined;
}

function declaredRange(manifestPath: string): string | undefined {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return undefined;
  }
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    const range = (manifest[field] as Record<string, unknown> | undefined)?.[KIT.name];
    if (typeof range === 'string') return range;
  }
  return undefined;
}

/** `file:<target relative to dir>`, from real paths: npm resolves the range from the workspace's real directory. */
function fileRange(dir: string, target: string): string {
  // A symlinked parent such as macOS /tmp must not change the number of `..`.
  const from = existsSync(dir) ? realpathSync(dir) : join(realpathSync(dirname(dir)), basename(dir));
  return `file:${relative(from, realpathSync(target)).split(sep).join('/') || '.'}`;
}
