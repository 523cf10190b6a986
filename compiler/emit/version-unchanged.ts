import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import type { PackageInfo } from '../workspace/model.js';
import type { Output } from './distribution-file.js';

/** A package's outputs as an emit lists them: each file with its digest. */
export type PackageOutputs = ReadonlyMap<string, string>;

/** The outputs `kit-distribution.json` lists, file → digest. */
export function outputsOf(modules: readonly { outputs: readonly Output[] }[]): PackageOutputs {
  return new Map(modules.flatMap((module) => module.outputs.map((output) => [output.file, output.digest] as const)));
}

/**
 * `VERSION_UNCHANGED` for a package that is published (not `private`) whose outputs differ
 * from those the previous emit in `outDir` holds at the same version: a CDN keeps the old
 * bytes at that address for a year, so the version must move before it is published.
 */
export function versionUnchanged(outDir: string, pkg: PackageInfo, outputs: PackageOutputs, outLabel: string): Diagnostic | undefined {
  if (pkg.manifest.private) return undefined;
  let previous: PackageOutputs;
  try {
    const file = JSON.parse(readFileSync(join(outDir, 'm', `${pkg.name}@${pkg.version}`, 'kit-distribution.json'), 'utf8')) as { modules: { outputs: Output[] }[] };
    previous = outputsOf(file.modules);
  } catch {
    return undefined;
  }
  const same = previous.size === outputs.size && [...outputs].every(([file, digest]) => previous.get(file) === digest);
  if (same) return undefined;
  return {
    code: 'VERSION_UNCHANGED',
    message: `${pkg.name}@${pkg.version} changed since the previous build in ${outLabel} but kept its version; bump "version" before publishing it, since a CDN keeps the old bytes at that address`,
    file: pkg.manifestFile,
    ...pkg.manifest.versionPosition,
  };
}
