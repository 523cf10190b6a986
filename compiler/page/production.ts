import type { ModuleBuild } from '../compile.js';
import { formatOptions, PRODUCTION } from '../bundle/options.js';
import type { Diagnostic } from '../diagnostics.js';
import { addressByContent, type ImportMap } from './importmap.js';
import { findPlanned, type InstalledPlan, type PlannedPackage } from '../installed/plan.js';
import { SHARED_DIR } from '../installed/find.js';
import { findModule, isStylesheetModule, type ModuleInfo, type Workspace } from '../workspace/model.js';
import { evaluationOrder, staticallyReached, staticImports, templateEntry } from './entry.js';
import { minimalTemplate, renderPage, type PageTemplate } from './template.js';

/** The entry of the built page, why the build fails over it, or why there is no page. */
export type ProductionEntry = { ok: true; entry: ModuleInfo } | { ok: false; diagnostic: Diagnostic } | { ok: false; reason: string };

/**
 * The entry of `dist/index.html`: the one the workspace's `index.html` names (a diagnostic
 * at its line when that is not a public browser module), else the one browser module no
 * other module imports (no page when there is not exactly one).
 */
export function productionEntry(workspace: Workspace, builds: ReadonlyMap<ModuleInfo, ModuleBuild>, template: PageTemplate | undefined): ProductionEntry {
  if (template?.entry) {
    const named = templateEntry(workspace, { ...template, entry: template.entry });
    return 'module' in named ? { ok: true, entry: named.module } : { ok: false, diagnostic: named.diagnostic };
  }
  const browser = workspace.modules.filter((m) => m.platforms.includes('web'));
  const imported = new Set(browser.flatMap((m) => (builds.get(m)?.imports ?? []).filter((s) => s !== m.specifier)));
  const candidates = browser.filter((m) => !imported.has(m.specifier) && !isStylesheetModule(m));
  if (candidates.length === 1) return { ok: true, entry: candidates[0] };
  const names = candidates.map((m) => m.specifier).join(', ') || 'none';
  return { ok: false, reason: `no dist/index.html: the page needs one entry, and the browser modules no other imports are ${names}; name the entry in the workspace's index.html (<script type="module">import '<specifier>'</script>)` };
}

/** The emit's files a page loads, relative to the emit's root, each with its `sha256-<base64>` digest. */
export type Digests = ReadonlyMap<string, string>;

/**
 * `dist/index.html`, the preview page's production twin (CONTRACT §6), from the same
 * template: the import map with the `integrity` of every file the browser may load through
 * it, a stylesheet link per reached module that has one, a `modulepreload` with its
 * integrity per file the entry reaches through static imports, and the entry's module
 * script; no development runtime. Every file is named by the one address the browser asks
 * for it, and that address changes with its content: a workspace module's carries a token
 * of its bytes (the import map's), an installed package's file has its content's hash in
 * its name (its chunks are asked for with the production options as a query, as the
 * outputs import them).
 */
export function renderProductionPage(workspace: Workspace, builds: ReadonlyMap<ModuleInfo, ModuleBuild>, plan: InstalledPlan, importmap: ImportMap, digests: Digests, template: PageTemplate | undefined, entry: ModuleInfo): string {
  const query = formatOptions(PRODUCTION);
  const chunkUrl = (pkg: PlannedPackage, file: string) => `./m/${pkg.name}@${pkg.version}/modules/${SHARED_DIR}/${file}?${query}`;
  const digestOf = (url: string) => digests.get(url.replace(/^\.\//, '').replace(/\?.*$/, ''));
  const urls = new Set(Object.values(importmap.imports));
  for (const pkg of Object.values(plan.packages)) for (const planned of Object.values(pkg.build.entries)) for (const file of planned.files.slice(1)) urls.add(chunkUrl(pkg, file));
  const integrity = Object.fromEntries([...urls].flatMap((url) => (digestOf(url) ? [[url, digestOf(url)!]] : [])));
  const importsOf = (specifier: string): readonly string[] | undefined => {
    const module = findModule(workspace, specifier);
    const build = module && builds.get(module);
    return build ? staticImports(build) : findPlanned(plan, specifier)?.entry?.imports;
  };
  const files: string[] = [];
  const styles: { href: string }[] = [];
  // Linked in the order the modules run: a module's sheet after those of what it imports.
  for (const specifier of evaluationOrder(entry.specifier, importsOf)) {
    const module = findModule(workspace, specifier);
    const build = module && builds.get(module);
    if (build?.styles !== undefined) styles.push({ href: addressByContent(`m/${module!.package.name}@${module!.package.version}/styles/${module!.subpath}.css`, build.styles) });
  }
  for (const specifier of staticallyReached(entry.specifier, importsOf)) {
    const module = findModule(workspace, specifier);
    const build = module && builds.get(module);
    if (module && build) {
      files.push(importmap.imports[specifier]);
      continue;
    }
    const planned = findPlanned(plan, specifier);
    // The entry's own output by its mapped address, the chunks it shares by the address it imports them at.
    if (planned?.entry) files.push(importmap.imports[specifier], ...planned.entry.files.slice(1).map((file) => chunkUrl(planned.pkg, file)));
  }
  const preloads = [...new Set(files)].map((href) => ({ href, integrity: integrity[href] }));
  return renderPage(template ?? minimalTemplate(entry.specifier), { importmap: { ...importmap, integrity }, styles, preloads, entry: entry.specifier });
}
