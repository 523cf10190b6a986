import { DEVELOPMENT, findModule, formatOptions, moduleUrl, packageNameOf, PRODUCTION, resolveExternalVersion, stylesUrl, type Diagnostic, type ModuleBuild, type ModuleInfo, type Workspace } from '../compiler/index.js';
import type { ServiceContext } from './context.js';

/** One module the preview reaches from its entry (CONTRACT §4). */
export interface PreviewModule {
  specifier: string;
  version?: string;
  source: 'environment' | 'cdn' | 'unresolved';
  url?: string;
  styles?: string;
  vspecifier?: string;
  reason?: Diagnostic;
}

export interface PreviewPlan {
  entry: ModuleInfo;
  modules: PreviewModule[];
  importmap: { imports: Record<string, string> };
  diagnostics: Diagnostic[];
}

export type PlanResult = { ok: true; plan: PreviewPlan } | { ok: false; code: 'PREVIEW_ENTRY_REQUIRED' | 'PREVIEW_ENTRY_NOT_FOUND'; message: string; candidates?: string[] };

/**
 * Works out the preview of `requested` (or of the one browser module no other module
 * imports): every module it reaches through bare imports, where each is loaded from, and
 * the import map that says so. Addresses are relative to the page at `/preview/`.
 */
export async function planPreview(ctx: ServiceContext, workspace: Workspace, requested?: string): Promise<PlanResult> {
  const builds = await ctx.builds.judge(ctx, workspace, workspace.modules);
  let entry: ModuleInfo | undefined;
  if (requested !== undefined) {
    entry = findModule(workspace, requested);
    if (!entry) return { ok: false, code: 'PREVIEW_ENTRY_NOT_FOUND', message: `no public module ${requested} in this workspace` };
  } else {
    const imported = new Set([...builds.values()].flatMap((b) => b.imports));
    const candidates = workspace.modules.filter((m) => m.platforms.includes('web') && !imported.has(m.specifier));
    if (candidates.length !== 1) {
      const names = candidates.map((m) => m.specifier);
      return { ok: false, code: 'PREVIEW_ENTRY_REQUIRED', message: `choose the entry with ?entry=<specifier>; candidates: ${names.join(', ') || 'none'}`, candidates: names };
    }
    entry = candidates[0];
  }
  const modules: PreviewModule[] = [];
  const diagnostics: Diagnostic[] = [...workspace.diagnostics];
  const importmap: Record<string, string> = {};
  const queue: { specifier: string; importer: ModuleInfo }[] = [{ specifier: entry.specifier, importer: entry }];
  const seen = new Set<string>();
  for (let item = queue.shift(); item; item = queue.shift()) {
    if (seen.has(item.specifier)) continue;
    seen.add(item.specifier);
    const module = findModule(workspace, item.specifier);
    const reached = module ? local(module, builds.get(module)!) : external(ctx, item.specifier, item.importer);
    modules.push(reached);
    if (reached.url) importmap[item.specifier] = reached.url;
    if (reached.reason) diagnostics.push(reached.reason);
    if (module) {
      const build = builds.get(module)!;
      diagnostics.push(...build.diagnostics);
      for (const specifier of build.imports) queue.push({ specifier, importer: module });
    }
  }
  return { ok: true, plan: { entry, modules, importmap: { imports: importmap }, diagnostics } };
}

function local(module: ModuleInfo, build: ModuleBuild): PreviewModule {
  return {
    specifier: module.specifier,
    vspecifier: module.vspecifier,
    version: module.package.version,
    source: 'environment',
    url: moduleUrl('..', module, DEVELOPMENT),
    ...(build.styles !== undefined ? { styles: stylesUrl('..', module, DEVELOPMENT) } : {}),
  };
}

/** A package outside the workspace: addressed on the CDN at its exact version. */
function external(ctx: ServiceContext, specifier: string, importer: ModuleInfo): PreviewModule {
  const name = packageNameOf(specifier);
  const version = resolveExternalVersion(specifier, importer.package);
  if (!version) {
    return { specifier, source: 'unresolved', reason: { code: 'PREVIEW_VERSION_UNRESOLVED', message: `'${name}' has no exact installed or declared version; install it or declare an exact version in ${importer.package.manifestFile}`, file: importer.package.manifestFile, line: 1, column: 1 } };
  }
  const origin = ctx.options.cdnOrigin;
  if (!origin) {
    return { specifier, version, source: 'unresolved', reason: { code: 'PREVIEW_CDN_UNSET', message: `'${name}' is loaded from the CDN, but KIT_CDN_ORIGIN is not set; start the service again with it set` } };
  }
  const subpath = specifier.slice(name.length + 1) || 'index';
  return { specifier, version, source: 'cdn', url: `${origin}/m/${name}@${version}/modules/${subpath}?${formatOptions(PRODUCTION)}` };
}
