import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { manifestInvalid } from '../diagnostics.js';
import { reportOnPackage, type Workspace } from './model.js';

/**
 * Packages that sit beside the listed ones (or at the workspace root) but that kit.json
 * does not list: name → directory. Their directories join `watched`, so adding one is seen.
 */
export function findUnlistedPackages(root: string, listedDirs: string[], watched: string[]): Map<string, string> {
  const listed = new Set(listedDirs);
  const parents = new Set([root, ...listedDirs.map((d) => dirname(d))]);
  const found = new Map<string, string>();
  for (const parent of parents) {
    watched.push(parent);
    let entries;
    try {
      entries = readdirSync(parent, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const dir = join(parent, entry.name);
      if (listed.has(dir)) continue;
      watched.push(dir);
      const name = readName(join(dir, 'package.json'));
      if (name) found.set(name, dir);
    }
  }
  return found;
}

function readName(file: string): string | undefined {
  try {
    const name = (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** A dependency on a sibling package that kit.json does not list is a manifest error of the importer. */
export function checkUnlistedDependencies(workspace: Workspace, unlisted: Map<string, string>, rel: (p: string) => string): void {
  if (unlisted.size === 0) return;
  for (const pkg of workspace.packages) {
    for (const dep of Object.keys(pkg.manifest.dependencies)) {
      const dir = unlisted.get(dep);
      if (!dir || workspace.packages.some((p) => p.name === dep)) continue;
      const diagnostic = manifestInvalid(
        `"${dep}" is a package of this workspace (${rel(dir)}) that kit.json does not list; add "${rel(dir)}" to "packages" in kit.json`,
        { file: pkg.manifestFile, ...pkg.manifest.dependencyPosition(dep) },
      );
      reportOnPackage(workspace, pkg, diagnostic);
    }
  }
}
