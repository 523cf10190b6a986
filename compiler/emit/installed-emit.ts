import { installedDependencies } from './resolved-dependencies.js';
import type { Diagnostic } from '../diagnostics.js';
import { describeOutput, distributionFile, type Output } from './distribution-file.js';
import type { ImportMap } from '../page/importmap.js';
import type { InstalledPlan } from '../installed/plan.js';
import { installedSpecifier, SHARED_DIR } from '../installed/find.js';

/** Why a plan cannot be emitted: entries in use that do not build. */
export function planDiagnostics(plan: InstalledPlan): Diagnostic[] {
  return Object.values(plan.packages).flatMap((pkg) => Object.values(pkg.build.failed).flat());
}

/**
 * Writes the installed packages of `plan` into the static emit: every output at its address
 * path (`m/<name>@<version>/modules/~kit/<file>`, the bytes `kit run` serves there with
 * production options), a `kit-distribution.json` per package, and each entry in use in the
 * import map, pointing at its output.
 */
export function emitInstalled(plan: InstalledPlan, write: (path: string, data: string) => void, importmap: ImportMap): void {
  for (const pkg of Object.values(plan.packages)) {
    const base = `m/${pkg.name}@${pkg.version}`;
    const outputs = new Map<string, Output>();
    for (const [file, code] of Object.entries(pkg.build.outputs)) {
      const path = `modules/${SHARED_DIR}/${file}`;
      write(`${base}/${path}`, code);
      outputs.set(file, describeOutput(path, code));
    }
    const modules = Object.entries(pkg.build.entries).map(([subpath, entry]) => {
      const specifier = installedSpecifier(pkg.name, subpath);
      importmap.imports[specifier] = `./${base}/modules/${SHARED_DIR}/${entry.file}`;
      // Every file a page loads for the entry: its own output first, then the chunks it shares.
      return { specifier, subpath, platforms: ['web'], imports: entry.imports, assets: [], outputs: entry.files.map((file) => outputs.get(file)!) };
    });
    write(`${base}/kit-distribution.json`, `${JSON.stringify(distributionFile(pkg, modules, { installed: true, dependencies: installedDependencies(pkg) }), null, 2)}\n`);
  }
}
