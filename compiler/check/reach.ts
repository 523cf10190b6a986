import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileStamp } from '../cache/stamp.js';
import { findModule, type Workspace } from '../workspace/model.js';
import { directoryListings, resolveInstalledTypes, resolveRelative } from './resolve.js';
import { scanSpecifiers, type FileSpecifiers } from './specifiers.js';

/** Each file's specifiers, kept while its stat is unchanged: most of a workspace does not change between builds. */
const scanned = new Map<string, { stamp: string; specifiers: FileSpecifiers }>();

function specifiersOf(file: string): FileSpecifiers | undefined {
  const { stamp, racy } = fileStamp(file);
  const kept = scanned.get(file);
  if (kept && kept.stamp === stamp && !racy) return kept.specifiers;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const specifiers = scanSpecifiers(text, /\.[jt]sx$/.test(file));
  scanned.set(file, { stamp, specifiers });
  return specifiers;
}

const SCANNED = /\.([cm]?[jt]sx?)$/;

/**
 * The files a module's verdict depends on: what its entry reaches through imports, type
 * imports and references, as TypeScript resolves them. Other modules are reached through
 * their specifiers (their sources are their types); an installed package through the
 * declaration file it is typed by (and its package.json), whose own relative references are
 * followed but not its imports of further packages: an install changes those, and an install
 * is an input of its own (`installRecords`).
 */
export function reachableFiles(workspace: Workspace, entry: string): string[] {
  const reached = new Set<string>();
  const queue = [entry];
  const exists = directoryListings();
  const reach = (file: string | undefined) => {
    if (file && !reached.has(file)) queue.push(file);
  };
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    if (!SCANNED.test(file)) continue;
    const specifiers = specifiersOf(file);
    if (!specifiers) continue;
    const installed = file.includes('/node_modules/');
    for (const specifier of specifiers.modules) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) reach(resolveRelative(specifier, file, true, exists));
      else if (!installed) reachBare(specifier, file);
    }
    for (const path of specifiers.paths) reach(resolve(dirname(file), path));
    if (!installed) for (const name of specifiers.types) reachBare(name, file);
  }
  return [...reached];

  function reachBare(specifier: string, importer: string): void {
    const module = findModule(workspace, specifier);
    if (module) return reach(module.entry);
    const { types, manifest } = resolveInstalledTypes(specifier.replace(/^node:/, ''), dirname(importer), exists);
    reach(manifest);
    reach(types);
  }
}
