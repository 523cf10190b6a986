import { workspaceDependencies } from './resolved-dependencies.js';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Compiler, ModuleBuild } from '../compile.js';
import type { Diagnostic } from '../diagnostics.js';
import { describeOutput, distributionFile, integrityOf, type Output } from './distribution-file.js';
import { addressByContent, emittedModuleFile, type ImportMap } from '../page/importmap.js';
import { emitInstalled, planDiagnostics } from './installed-emit.js';
import { findPlanned } from '../installed/plan.js';
import { emitRecordFile, recoverOutputDirectory, replaceDirectory } from './output-directory.js';
import { outputsOf, versionUnchanged } from './version-unchanged.js';
import { toPosix } from '../paths.js';
import { productionEntry, renderProductionPage } from '../page/production.js';
import { readPageTemplate } from '../page/template.js';
import { choosePage } from '../page/page-choice.js';
import { compileAll } from '../compile-all.js';
import { PRODUCTION } from '../bundle/options.js';
import { findModule, type ModuleInfo, type Workspace } from '../workspace/model.js';

export interface DistributionResult {
  diagnostics: Diagnostic[];
  files: number;
  /** Each file written, relative to the output directory, with its size in bytes. */
  written: { file: string; bytes: number }[];
  /** Installed packages emitted beside the workspace's. */
  installed: number;
  /** Bare imports of browser modules that nothing in the emit answers (not installed): the page needs them mapped elsewhere. */
  unmapped: string[];
  /** Why no `index.html` was written, when none was. */
  noPage?: string;
  /** Files of the output directory kit did not write, kept as they were. */
  kept: string[];
  /** What the emit holds that deserves a word (`VERSION_UNCHANGED`). */
  warnings: Diagnostic[];
}

/** Called as each module finishes: how many are done, of how many, and which. */
export type Progress = (done: number, total: number, module: ModuleInfo) => void;

const CONCURRENCY = 4;

function productionOptions(module: ModuleInfo) {
  return module.platforms.includes('web') ? PRODUCTION : { ...PRODUCTION, target: 'node' as const };
}

/** Every module in its production form (see `compileAll`). */
function compileForProduction(workspace: Workspace, compiler: Compiler, onProgress?: Progress): Promise<Map<ModuleInfo, ModuleBuild>> {
  let done = 0;
  return compileAll(compiler, workspace, workspace.modules, productionOptions, {
    concurrency: CONCURRENCY,
    ahead: true,
    onBuilt: (module) => onProgress?.(++done, workspace.modules.length, module),
  });
}

import { PUBLIC_DIR } from '../workspace/pages.js';

export { PUBLIC_DIR };

/**
 * The static emit (CONTRACT §6): every public module in its production form at its address
 * path, one `kit-distribution.json` per package, one `importmap.json`, the application's
 * page and the workspace's `public/` files. Written beside `outDir` and swapped in whole,
 * keeping the files of `outDir` kit did not write, and only when every module is valid and
 * the page's entry is one; the caller has checked that `outDir` may hold the emit
 * (`checkOutputDirectory`).
 */
export async function writeDistribution(workspace: Workspace, compiler: Compiler, outDir: string, onProgress?: Progress, pageFolder?: string): Promise<DistributionResult> {
  outDir = resolve(outDir);
  const choice = choosePage(workspace, pageFolder);
  if (!choice.ok) {
    const message = choice.reason === 'several' ? `${choice.message} with --page <folder> (${choice.pages.map((p) => `--page ${p.folder || '.'}`).join(', ')}), or run kit build in that folder` : choice.message;
    return { diagnostics: [{ code: choice.reason === 'several' ? 'PREVIEW_ENTRY_REQUIRED' : 'PREVIEW_ENTRY_NOT_FOUND', message }], files: 0, written: [], installed: 0, unmapped: [], kept: [], warnings: [] };
  }
  recoverOutputDirectory(outDir);
  const builds = await compileForProduction(workspace, compiler, onProgress);
  const diagnostics = [...workspace.diagnostics, ...[...builds.values()].flatMap((b) => b.diagnostics)];
  if (diagnostics.length) return { diagnostics, files: 0, written: [], installed: 0, unmapped: [], kept: [], warnings: [] };
  // The installed packages the browser modules import, in the layout `kit run` serves.
  const plan = await compiler.installedPlan(workspace, PRODUCTION, builds);
  diagnostics.push(...planDiagnostics(plan));
  const template = readPageTemplate(workspace, choice.page);
  const entry = productionEntry(workspace, builds, template);
  if (!entry.ok && 'diagnostic' in entry) diagnostics.push(entry.diagnostic);
  if (diagnostics.length) return { diagnostics, files: 0, written: [], installed: 0, unmapped: [], kept: [], warnings: [] };
  const browserImports = workspace.modules.filter((m) => m.platforms.includes('web')).flatMap((m) => builds.get(m)!.imports);
  const unmapped = [...new Set(browserImports)].filter((s) => !findModule(workspace, s) && !findPlanned(plan, s)?.entry);

  const written: DistributionResult['written'] = [];
  const warnings: Diagnostic[] = [];
  const { kept } = await replaceDirectory(outDir, emitRecordFile(workspace.root, outDir), (staging) => {
    // Copied first: kit's own files take their place where the two meet.
    const publicDir = join(choice.page?.dir ?? workspace.root, PUBLIC_DIR);
    if (existsSync(publicDir)) cpSync(publicDir, staging, { recursive: true });
    // Each folder made once: a large emit writes thousands of files into fewer folders.
    const made = new Set<string>();
    const digests = new Map<string, string>();
    const write = (path: string, data: string | Buffer) => {
      const dir = dirname(join(staging, path));
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(join(staging, path), data);
      if (path.endsWith('.js')) digests.set(path, integrityOf(data));
      written.push({ file: path, bytes: typeof data === 'string' ? Buffer.byteLength(data) : data.length });
    };
    const importmap: ImportMap = { imports: {} };
    for (const pkg of workspace.packages) {
      const base = `m/${pkg.name}@${pkg.version}`;
      const modules = workspace.modules.filter((m) => m.package === pkg).map((module) => {
        const build = builds.get(module)!;
        const outputs: Output[] = [];
        const emit = (file: string, data: string | Buffer) => {
          write(`${base}/${file}`, data);
          outputs.push(describeOutput(file, data));
        };
        emit(`modules/${module.subpath}.js`, build.code);
        if (build.styles !== undefined) emit(`styles/${module.subpath}.css`, build.styles);
        for (const asset of module.assets) emit(`assets/${module.subpath}/${asset.path}`, readFileSync(asset.absolute));
        // importmap.json is for browsers: a node-only module is emitted but not mapped.
        if (module.platforms.includes('web')) importmap.imports[module.specifier] = addressByContent(emittedModuleFile(module), build.code);
        return { specifier: module.specifier, subpath: module.subpath, platforms: module.platforms, imports: build.imports, assets: module.assets.map((a) => a.path), outputs };
      });
      const unchanged = versionUnchanged(outDir, pkg, outputsOf(modules), toPosix(relative(workspace.root, outDir)) || '.');
      if (unchanged) warnings.push(unchanged);
      write(`${base}/kit-distribution.json`, `${JSON.stringify(distributionFile(pkg, modules, { dependencies: workspaceDependencies(workspace, pkg) }), null, 2)}\n`);
    }
    emitInstalled(plan, write, importmap);
    write('importmap.json', `${JSON.stringify(importmap, null, 2)}\n`);
    if (entry.ok) write('index.html', renderProductionPage(workspace, builds, plan, importmap, digests, template, entry.entry));
  });
  const noPage = !entry.ok && 'reason' in entry ? entry.reason : undefined;
  return { diagnostics: [], files: written.length, written, installed: Object.keys(plan.packages).length, unmapped, noPage, kept, warnings };
}
