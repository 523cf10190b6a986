import { readFile } from 'node:fs/promises';
import type { H3Event } from 'h3';
import { deferBackgroundChecks, findModuleAt, findPackage, mediaTypeOf, parseAddress, type Address, type ModuleInfo, type PackageInfo, type Workspace } from '../../compiler/index.js';
import { refuse, type Answer } from '../answer.js';
import type { ServiceContext } from '../context.js';
import { checkMethod, checkSameOrigin } from '../guard.js';
import { requestTarget } from '../request.js';
import { afterQueuedFileEvents } from '../watch.js';
import { answerInstalled } from './installed.js';
import { audienceOf, checkOptions } from './options.js';

/** `/m/<package>@<version>/<family>/<subpath>`: code, stylesheet or declared asset of a module, or a preflight for it. */
export function answerModuleAddress(ctx: ServiceContext, event: H3Event): Answer | Promise<Answer> {
  if (event.method === 'OPTIONS') {
    // Production outputs and assets are for other hosts; development outputs are not (CONTRACT §3).
    return /(^|&)env=development(&|$)/.test(requestTarget(event).rawQuery) ? { kind: 'empty' } : { kind: 'empty', corsMethods: 'GET, HEAD' };
  }
  const refused = checkMethod(event, 'GET, HEAD, OPTIONS');
  if (refused) return refused;
  // A page loading, a client fetching module after module: TypeScript 7's background work waits.
  deferBackgroundChecks(ctx.options.root);
  // With a watcher, an answer trusts it: it waits for the events of edits made before the request.
  if (ctx.freshness) return afterQueuedFileEvents().then(() => answerOutput(ctx, event));
  return answerOutput(ctx, event);
}

/** The artifact at a module address: repeated from memory while nothing changed, else built (or read) for it. */
async function answerOutput(ctx: ServiceContext, event: H3Event): Promise<Answer> {
  const target = event.node.req.url ?? '/';
  const mark = ctx.warm?.now();
  const warm = ctx.warm?.get(target);
  if (warm) {
    // A development output stays this origin's, however it is answered.
    const refused = warm.audience === 'development' ? checkSameOrigin(event) : undefined;
    return refused ?? { kind: 'artifact', ...warm, timing: WARM };
  }
  const { path, rawQuery } = requestTarget(event);
  const address = parseAddress(path);
  if (!address) return refuse('MODULE_NOT_FOUND', `${path} is not a module address; addresses are /m/<package>@<version>/<modules|styles|assets>/<subpath>`);
  const { workspace, pkg, module } = locate(ctx, address);
  if (!pkg) return answerInstalled(ctx, event, workspace, address, rawQuery);
  if (pkg.version !== address.version) {
    const current = path.replace(`@${address.version}/`, `@${pkg.version}/`);
    return refuse('VERSION_MISMATCH', `${pkg.name} is at ${pkg.version}, not ${address.version}; its address is now ${current}`, undefined, { current });
  }
  if (address.family === 'assets') {
    if (rawQuery !== '') return refuse('OPTION_INVALID', 'assets take no options; request the address without a query');
    return answerAsset(ctx, module, address);
  }
  if (!module) return refuse('MODULE_NOT_FOUND', `${pkg.name} has no public module "${address.tail}"`);
  const checked = checkOptions(ctx, event, rawQuery);
  if (checked.kind === 'error') return checked;
  const { options } = checked;
  const build = await ctx.compiler.compile(workspace, module, options);
  const timing = build.timing; // said on refusals too: a failed build took its time as well
  if (build.status === 'valid' && address.family === 'modules') ctx.ahead?.after(workspace, build, options);
  if (build.status === 'invalid') return { ...refuse('BUILD_FAILED', `${module.specifier} does not build; fix the problems listed`, build.diagnostics), timing };
  const audience = audienceOf(ctx, options);
  const output = address.family === 'modules' ? { body: build.code, type: 'text/javascript; charset=utf-8', digest: build.hash } : build.styles !== undefined && { body: build.styles, type: 'text/css; charset=utf-8', digest: build.stylesHash! };
  if (!output) return { ...refuse('OUTPUT_NOT_AVAILABLE', `${module.specifier} imports no stylesheet`), timing };
  if (build.settled) ctx.warm?.keep(target, { ...output, audience }, build.inputs, mark);
  return { kind: 'artifact', ...output, audience, timing };
}

/** A repeated answer (see warm-answers.ts) is held in memory and builds nothing. */
const WARM = { cache: 'memory', phases: {} } as const;

/**
 * The workspace and what the address names in it. Only the manifests this answer depends on
 * are checked (by a stat, or not at all while a watcher vouches for them): those of the
 * module's package and of every workspace package it depends on, directly or through another
 * (their modules are what its imports and its verdict rest on), and kit.json. Anything not
 * found, invalid or changed is looked up again after a full check.
 */
function locate(ctx: ServiceContext, address: Address) {
  const find = (workspace: Workspace) => {
    const pkg = findPackage(workspace, address.packageName);
    const module = address.family === 'assets' ? assetOwner(workspace, address) : findModuleAt(workspace, address.packageName, address.tail);
    return { workspace, pkg, module };
  };
  const found = find(ctx.loader.loadLazily());
  const { pkg, module } = found;
  if (pkg && module && pkg.version === address.version && module.diagnostics.length === 0 && ctx.loader.isCurrent(dependedOn(found.workspace, module.package))) return found;
  return find(ctx.loader.loadChecked());
}

/** `pkg` and every workspace package it depends on, directly or through another. */
function dependedOn(workspace: Workspace, pkg: PackageInfo): PackageInfo[] {
  const found = new Set([pkg]);
  for (const each of found) {
    for (const name of Object.keys(each.manifest.dependencies)) {
      const dependency = findPackage(workspace, name);
      if (dependency) found.add(dependency);
    }
  }
  return [...found];
}

/** The module whose subpath is the longest prefix of an asset address's tail. */
function assetOwner(workspace: Workspace, address: Address): ModuleInfo | undefined {
  let owner: ModuleInfo | undefined;
  for (const candidate of workspace.modules) {
    if (candidate.package.name === address.packageName && address.tail.startsWith(`${candidate.subpath}/`)) {
      if (!owner || candidate.subpath.length > owner.subpath.length) owner = candidate;
    }
  }
  return owner;
}

/** Only files listed in a module's `assets` exist here; the lookup never joins a request path onto the disk. */
async function answerAsset(ctx: ServiceContext, module: ModuleInfo | undefined, address: Address): Promise<Answer> {
  if (!module) return refuse('MODULE_NOT_FOUND', `${address.packageName} has no public module holding "${address.tail}"`);
  const file = address.tail.slice(module.subpath.length + 1);
  const asset = module.assets.find((a) => a.path === file);
  if (!asset) return refuse('OUTPUT_NOT_AVAILABLE', `"${file}" is not a declared asset of ${module.specifier}; declare it under "assets" in its module.json`);
  let body: Buffer;
  try {
    body = await readFile(asset.absolute);
  } catch {
    return refuse('OUTPUT_NOT_AVAILABLE', `"${file}" is declared by ${module.specifier} but cannot be read`);
  }
  return { kind: 'artifact', body, type: mediaTypeOf(file), audience: ctx.options.development ? 'production-dev-service' : 'production-origin' };
}
