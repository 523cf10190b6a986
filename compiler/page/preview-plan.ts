import type { Compiler, ModuleBuild } from '../compile.js';
import { formatAddress } from '../bundle/address.js';
import { DEVELOPMENT, formatOptions, PRODUCTION } from '../bundle/options.js';
import { writtenImports } from '../bundle/source-imports.js';
import { directoryListings } from '../check/resolve.js';
import type { Diagnostic } from '../diagnostics.js';
import { moduleUrl, stylesUrl } from './importmap.js';
import { PACKAGE_ROOT_SUBPATH, SHARED_DIR } from '../installed/find.js';
import { findPlanned, type InstalledPlan } from '../installed/plan.js';
import { packageNameOf } from '../workspace/dependencies.js';
import { resolveExternalVersion } from '../installed/external.js';
import { findModule, isStylesheetModule, type ModuleInfo, type Workspace } from '../workspace/model.js';
import type { Selection } from '../workspace/selection.js';
import { evaluationOrder, staticallyReached, staticImports, templateEntry } from './entry.js';
import { readPageTemplate, type PageTemplate } from './template.js';
import { choosePage } from './page-choice.js';
import { plannedOf, type PlannedImports } from './written-plan.js';

/** One module the preview reaches from its entry (CONTRACT §4). */
export interface PreviewModule {
  specifier: string;
  version?: string;
  source: 'environment' | 'cdn' | 'unresolved';
  url?: string;
  styles?: string;
  reason?: Diagnostic;
}

/** A reached module with what the page needs beyond the report. */
interface Reached extends PreviewModule {
  vspecifier?: string;
  /** Bare imports of the module, to reach next. */
  imports: string[];
  /** Those of `imports` made only by `import()`: not preloaded. */
  dynamicImports?: string[];
}

export interface PreviewPlan {
  /** Undefined when the workspace's `index.html` names one that is not a browser module (a diagnostic says so). */
  entry?: ModuleInfo;
  /** The workspace's `index.html`, the page's template, when it has one. */
  template?: PageTemplate;
  selection: Selection;
  modules: (PreviewModule & { vspecifier?: string })[];
  /** The URLs the page preloads: the entry and every module it reaches through static imports. */
  preloads: string[];
  /** The reached modules' stylesheets, in the order the modules run (see `evaluationOrder`). */
  styles: { href: string; vspecifier: string }[];
  importmap: { imports: Record<string, string> };
  diagnostics: Diagnostic[];
}

/** What a preview is planned from: the selection, every module's judged build, and the entry asked for. */
export interface PageRequest {
  selection: Selection;
  builds: ReadonlyMap<ModuleInfo, ModuleBuild>;
  /** What a module not in `builds` imports, read from its sources (see `writtenPlanner`): the page is planned before every module is built. */
  written?: (module: ModuleInfo) => Promise<PlannedImports>;
  /** The origin of the CDN that serves what is not in development (`KIT_CDN_ORIGIN`). */
  cdnOrigin?: string;
  /** `?entry=`: undefined for the entry the template names, or the one that stands out. */
  requested?: string;
  /** `?page=`, or the package folder the service was started in: whose `index.html` is the page. */
  page?: string;
}

export type PlanResult =
  | { ok: true; plan: PreviewPlan }
  | {
      ok: false;
      code: 'PREVIEW_ENTRY_REQUIRED' | 'PREVIEW_ENTRY_NOT_FOUND';
      message: string;
      candidates?: string[];
      /** The pages to choose from (`?page=<folder>`), when the workspace has several and none was chosen. */
      pages?: string[];
      /** Every browser module: what a person may pick when no candidate stands out. */
      browserModules: string[];
      selection: Selection;
      diagnostics: Diagnostic[];
    };

/**
 * Works out the preview of `requested` (else of the entry the workspace's `index.html`
 * names, else of the one browser module no other module imports): every module it reaches
 * through bare imports and where each is loaded from.
 * Workspace packages in development and installed packages come from this service
 * (addresses relative to the page at `/preview/`); workspace packages not in development,
 * and packages that are declared but not installed, come from the CDN.
 */
export async function planPreview(compiler: Compiler, workspace: Workspace, request: PageRequest): Promise<PlanResult> {
  const { selection, builds, requested, cdnOrigin } = request;
  const refuse = (code: 'PREVIEW_ENTRY_REQUIRED' | 'PREVIEW_ENTRY_NOT_FOUND', message: string, candidates?: string[], pages?: string[]): PlanResult => ({
    ok: false, code, message, candidates, pages, selection,
    browserModules: workspace.modules.filter((m) => m.platforms.includes('web')).map((m) => m.specifier),
    diagnostics: uniqueDiagnostics([...workspace.diagnostics, ...[...builds.values()].flatMap((b) => b.diagnostics)]),
  });
  const choice = choosePage(workspace, request.page);
  if (!choice.ok) {
    const folders = choice.pages.map((page) => page.folder);
    return refuse(choice.reason === 'several' ? 'PREVIEW_ENTRY_REQUIRED' : 'PREVIEW_ENTRY_NOT_FOUND', `${choice.message} with ?page=<folder>`, undefined, folders);
  }
  const template = readPageTemplate(workspace, choice.page);
  let entry: ModuleInfo | undefined;
  if (requested === undefined && template?.entry) {
    const named = templateEntry(workspace, { ...template, entry: template.entry });
    if ('diagnostic' in named) {
      // The page still answers, with its template and the problem in the overlay.
      const diagnostics = [named.diagnostic, ...workspace.diagnostics];
      return { ok: true, plan: { template, selection, modules: [], preloads: [], styles: [], importmap: { imports: {} }, diagnostics } };
    }
    entry = named.module;
  } else if (requested !== undefined) {
    entry = findModule(workspace, requested);
    if (!entry) {
      // Named with the entries there are: the browser modules no other imports.
      const names = (await entryCandidates(workspace, builds)).map((m) => m.specifier);
      return refuse('PREVIEW_ENTRY_NOT_FOUND', `no public module ${requested} in this workspace; the entries are ${names.join(', ') || 'none'}`, names);
    }
    if (!entry.platforms.includes('web')) {
      return refuse('PREVIEW_ENTRY_NOT_FOUND', `${requested} runs on Node only ("platforms" in ${entry.moduleManifestFile ?? entry.manifestFile}); the preview's entry is a browser module`);
    }
  } else {
    const candidates = await entryCandidates(workspace, builds);
    if (candidates.length !== 1) {
      const names = candidates.map((m) => m.specifier);
      return refuse('PREVIEW_ENTRY_REQUIRED', `choose the entry with ?entry=<specifier>; candidates: ${names.join(', ') || 'none'}`, names);
    }
    entry = candidates[0];
  }
  const inDevelopment = new Set(selection.packages);
  const modules: Reached[] = [];
  const diagnostics: Diagnostic[] = [...workspace.diagnostics];
  const importmap: Record<string, string> = {};
  // The installed packages' layout, worked out once per preview, for the first installed import met.
  let plan: Promise<InstalledPlan> | undefined;
  const installedPlan = () => (plan ??= compiler.installedPlan(workspace, DEVELOPMENT, request.written && builds, request.written));
  // What each workspace module imports, asked for as soon as a module is met: a module read
  // from its sources is read while the modules before it in the queue are (their reads overlap).
  const planning = new Map<ModuleInfo, Promise<PlannedImports>>();
  const planned = (module: ModuleInfo) => {
    let found = planning.get(module);
    if (!found) {
      const build = builds.get(module);
      planning.set(module, (found = build ? Promise.resolve(plannedOf(build)) : request.written!(module)));
    }
    return found;
  };
  const queue: { specifier: string; importer: ModuleInfo }[] = [{ specifier: entry.specifier, importer: entry }];
  const seen = new Set<string>();
  for (let item = queue.shift(); item; item = queue.shift()) {
    if (seen.has(item.specifier)) continue;
    seen.add(item.specifier);
    const module = findModule(workspace, item.specifier);
    let reached: Reached;
    if (module && !module.platforms.includes('web')) {
      // A Node-only module does not run in the page: no import-map entry, and its own imports are not followed.
      reached = await nodeOnly(compiler, workspace, module);
    } else if (module) {
      diagnostics.push(...(builds.get(module)?.diagnostics ?? []));
      const imports = await planned(module);
      reached = inDevelopment.has(module.package.name) ? local(module, imports) : fromCdn(cdnOrigin, module, imports);
    } else {
      reached = await external(cdnOrigin, workspace, item.specifier, item.importer, installedPlan);
    }
    modules.push(reached);
    if (reached.url) importmap[item.specifier] = reached.url;
    if (reached.reason) diagnostics.push(reached.reason);
    for (const specifier of reached.imports) {
      queue.push({ specifier, importer: module ?? item.importer });
      const next = findModule(workspace, specifier);
      if (next?.platforms.includes('web') && !seen.has(specifier)) void planned(next).catch(() => undefined);
    }
  }
  // The whole static graph at once: the browser asks for every module of it without waiting for the level above.
  const bySpecifier = new Map(modules.map((m) => [m.specifier, m]));
  const preloads = staticallyReached(entry.specifier, (specifier) => {
    const reached = bySpecifier.get(specifier);
    return reached && staticImports(reached);
  }).flatMap((specifier) => bySpecifier.get(specifier)?.url ?? []);
  // Linked in the order the modules run: a module's sheet after those of what it imports.
  const styles = evaluationOrder(entry.specifier, (specifier) => bySpecifier.get(specifier)?.imports).flatMap((specifier) => {
    const reached = bySpecifier.get(specifier);
    return reached?.styles && reached.vspecifier ? [{ href: reached.styles, vspecifier: reached.vspecifier }] : [];
  });
  // The template is the page of the entry it names (or of any, when it names none); another entry asked for gets kit's page.
  const page = template && (!template.entry || template.entry.specifier === entry.specifier) ? template : undefined;
  return { ok: true, plan: { entry, template: page, selection, modules: modules.map(({ imports: _imports, dynamicImports: _dynamic, ...m }) => m), preloads, styles, importmap: { imports: importmap }, diagnostics } };
}

/**
 * The browser modules no other public module imports. A module that built imports the bare
 * specifiers its build kept; one that failed still imports what its sources write, read by
 * a lexer (a stripping of types and a lexing of every file: a large part of a cold page when
 * every module was read so).
 */
async function entryCandidates(workspace: Workspace, builds: ReadonlyMap<ModuleInfo, ModuleBuild>): Promise<ModuleInfo[]> {
  // One reading of each directory for every module's imports.
  const exists = directoryListings();
  const written = await Promise.all(
    workspace.modules.map((module) => {
      const build = builds.get(module);
      if (isStylesheetModule(module)) return new Set<string>();
      return build?.status === 'valid' ? new Set(build.imports) : writtenImports(module, exists);
    }),
  );
  const imported = new Set(written.flatMap((specifiers, i) => [...specifiers].filter((s) => s !== workspace.modules[i].specifier)));
  // A stylesheet a package exports is no page's entry, imported or not.
  return workspace.modules.filter((m) => m.platforms.includes('web') && !isStylesheetModule(m) && !imported.has(m.specifier));
}

function uniqueDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...new Map(diagnostics.map((d) => [JSON.stringify(d), d])).values()];
}

function local(module: ModuleInfo, planned: PlannedImports): Reached {
  return {
    specifier: module.specifier,
    vspecifier: module.vspecifier,
    version: module.package.version,
    source: 'environment',
    url: moduleUrl('..', module, DEVELOPMENT),
    ...(planned.styles ? { styles: stylesUrl('..', module, DEVELOPMENT) } : {}),
    imports: planned.imports,
    dynamicImports: planned.dynamicImports,
  };
}

/** A Node-only module a browser module imports: unresolved, with why (CONDITIONAL_NOT_FOUND at its "platforms"). */
async function nodeOnly(compiler: Compiler, workspace: Workspace, module: ModuleInfo): Promise<Reached> {
  const refused = await compiler.compile(workspace, module, DEVELOPMENT);
  return {
    specifier: module.specifier,
    vspecifier: module.vspecifier,
    version: module.package.version,
    source: 'unresolved',
    reason: refused.diagnostics[0],
    imports: [],
  };
}

/** A workspace package not in development: its published build on the CDN, at its version. */
function fromCdn(origin: string | undefined, module: ModuleInfo, planned: PlannedImports): Reached {
  const base = { specifier: module.specifier, vspecifier: module.vspecifier, version: module.package.version, imports: planned.imports, dynamicImports: planned.dynamicImports };
  if (!origin) return { ...base, source: 'unresolved', reason: cdnUnset(module.package.name) };
  return { ...base, source: 'cdn', url: moduleUrl(origin, module, PRODUCTION), ...(planned.styles ? { styles: stylesUrl(origin, module, PRODUCTION) } : {}) };
}

/** A package outside the workspace: compiled here when installed, else on the CDN at its exact declared version. */
async function external(origin: string | undefined, workspace: Workspace, specifier: string, importer: ModuleInfo, installedPlan: () => Promise<InstalledPlan>): Promise<Reached> {
  const name = packageNameOf(specifier);
  const subpath = specifier.slice(name.length + 1) || PACKAGE_ROOT_SUBPATH;
  const resolved = resolveExternalVersion(specifier, importer.package, workspace);
  // Installed where the modules find it, or where an installed package does (lit's own lit-html in pnpm's .pnpm, say).
  const planned = resolved && !resolved.installed ? undefined : findPlanned(await installedPlan(), specifier);
  if (planned?.entry) {
    // The layout every page of the workspace shares: the entry's output, named by content, and what it imports.
    const url = `..${formatAddress({ packageName: planned.pkg.name, version: planned.pkg.version }, 'modules', `${SHARED_DIR}/${planned.entry.file}`, DEVELOPMENT)}`;
    return { specifier, version: planned.pkg.version, source: 'environment', url, imports: planned.entry.imports };
  }
  if (!resolved) {
    return { specifier, source: 'unresolved', imports: [], reason: { code: 'PREVIEW_VERSION_UNRESOLVED', message: `'${name}' has no exact installed or declared version; install it or declare an exact version in ${importer.package.manifestFile}`, file: importer.package.manifestFile, line: 1, column: 1 } };
  }
  const address = `/m/${name}@${resolved.version}/modules/${subpath}`;
  if (resolved.installed) {
    const reason = planned?.diagnostics?.[0] ?? { code: 'BUNDLE_ERROR', message: `'${specifier}' is not among the installed entries this workspace's modules import; is ${name} installed where they find it?` };
    return { specifier, version: resolved.version, source: 'unresolved', imports: [], reason };
  }
  if (!origin) return { specifier, version: resolved.version, source: 'unresolved', imports: [], reason: cdnUnset(name) };
  return { specifier, version: resolved.version, source: 'cdn', url: `${origin}${address}?${formatOptions(PRODUCTION)}`, imports: [] };
}

function cdnUnset(name: string): Diagnostic {
  return { code: 'PREVIEW_CDN_UNSET', message: `'${name}' is loaded from the CDN, but KIT_CDN_ORIGIN is not set; start the service again with it set` };
}
