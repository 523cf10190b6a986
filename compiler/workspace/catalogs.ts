import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { manifestInvalid, type Diagnostic } from '../diagnostics.js';
import type { PackageManifest, Read } from './manifests.js';
import { CATALOG_PROTOCOL } from './range-syntax.js';

/** pnpm's catalogs: `catalog` is the one named `default`. */
export type Catalogs = Map<string, Record<string, string>>;


/** The catalogs of `pnpm-workspace.yaml`, as pnpm reads them; none when the file does not exist. */
export function readCatalogs(absolute: string, file: string): Read<Catalogs> {
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch {
    return { manifest: new Map(), diagnostics: [] };
  }
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    const at = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    return { diagnostics: [manifestInvalid(`${(error as Error).message.split('\n')[0]}; fix ${file}`, { file, line: at?.line ?? 1, column: at?.col ?? 1 })] };
  }
  const catalogs: Catalogs = new Map();
  const root = (document ?? {}) as { catalog?: unknown; catalogs?: unknown };
  const ranges = (value: unknown) => Object.fromEntries(Object.entries(value && typeof value === 'object' ? value : {}).filter(([, range]) => typeof range === 'string')) as Record<string, string>;
  if (root.catalog) catalogs.set('default', ranges(root.catalog));
  for (const [name, catalog] of Object.entries(root.catalogs && typeof root.catalogs === 'object' ? root.catalogs : {})) {
    catalogs.set(name, { ...catalogs.get(name), ...ranges(catalog) });
  }
  return { manifest: catalogs, diagnostics: [] };
}

/**
 * The package's manifest with each `catalog:` range replaced by the range its catalog gives
 * the dependency, as pnpm installs it; a range no catalog answers is a manifest error at it.
 */
export function withCatalogRanges(manifest: PackageManifest, catalogs: Read<Catalogs>, catalogFile: string): { manifest: PackageManifest; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  if (!Object.values(manifest.dependencies).some((range) => range.startsWith(CATALOG_PROTOCOL))) return { manifest, diagnostics };
  const dependencies = { ...manifest.dependencies };
  diagnostics.push(...catalogs.diagnostics);
  for (const [name, range] of Object.entries(manifest.dependencies)) {
    if (!range.startsWith(CATALOG_PROTOCOL)) continue;
    const catalog = range.slice(CATALOG_PROTOCOL.length) || 'default';
    const resolved = catalogs.manifest?.get(catalog)?.[name];
    if (resolved !== undefined) {
      dependencies[name] = resolved;
      continue;
    }
    delete dependencies[name];
    const where = catalogs.manifest ? `no entry for "${name}" in ${catalog === 'default' ? `"catalog"` : `"catalogs.${catalog}"`} of ${catalogFile}` : `${catalogFile}, which cannot be read`;
    diagnostics.push(manifestInvalid(`"${range}" takes the range from ${where}; add "${name}" there, or write a version range here`, { file: manifest.file, ...manifest.dependencyPosition(name) }));
  }
  return { manifest: { ...manifest, dependencies }, diagnostics };
}
