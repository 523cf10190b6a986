import type { H3Event } from 'h3';
import { findModuleAt, formatAddress, hotUpdateModule, parseAddress, parseOptions, parseUpdateAddress, rebaseStyleUrls } from '../../compiler/index.js';
import { refuse, type Answer } from '../answer.js';
import type { ServiceContext } from '../context.js';
import { requestTarget } from '../request.js';
import { announcedUpdate } from '../hot-updates.js';

const SHAPES = 'update addresses are /u/<hash>/<package>@<version>/styles/<subpath> and /u/<hash>/<package>@<version>/modules/<subpath>/@file/<path>';

/**
 * `GET /u/<hash>/<package>@<version>/styles/<subpath>?<development options>`: that exact
 * build of a stylesheet, which the runtime swaps in. `GET /u/<hash>/<package>@<version>/modules/<subpath>/@file/<path>?<development options>`:
 * one file of a module's development output as the build whose file has that digest made it,
 * which the runtime runs as a hot update. A newer build answers 409 with its hash; a failed
 * one 422, so the page keeps what it has.
 */
export async function answerUpdate(ctx: ServiceContext, event: H3Event): Promise<Answer> {
  const { path, query } = requestTarget(event);
  const parsed = parseOptions(query);
  const file = parseUpdateAddress(path);
  const match = /^\/u\/([0-9a-f]+)(\/.+)$/.exec(path);
  const address = match ? parseAddress(`/m${match[2]}`) : undefined;
  if (!file && (!match || !address || address.family !== 'styles')) return refuse('MODULE_NOT_FOUND', SHAPES);
  if (!parsed.ok) return refuse(parsed.code, parsed.message);
  // As it was announced: a newer build of the module may have replaced it since.
  const kept = file && announcedUpdate(path);
  if (kept && file) return { kind: 'artifact', body: kept, type: 'text/javascript; charset=utf-8', audience: 'development', digest: file.hash };
  const workspace = ctx.loader.load(); // the watcher has just rebuilt what the runtime asks for
  const [packageName, version, subpath] = file ? [file.packageName, file.version, file.subpath] : [address!.packageName, address!.version, address!.tail];
  const module = findModuleAt(workspace, packageName, subpath);
  if (!module || module.package.version !== version) return refuse('MODULE_NOT_FOUND', `no module ${packageName}@${version}/${subpath} in this workspace`);
  const build = await ctx.compiler.compile(workspace, module, parsed.options);
  if (file) return answerFileUpdate(module.vspecifier, build, file.hash, file.path);
  if (build.status === 'invalid') return refuse('BUILD_FAILED', `${module.specifier} does not build; the page keeps its last good style`, build.diagnostics);
  if (build.styles === undefined) return refuse('OUTPUT_NOT_AVAILABLE', `${module.specifier} imports no stylesheet`);
  if (build.stylesHash !== match![1]) return refuse('UPDATE_SUPERSEDED', `a newer build replaced ${match![1]}`, undefined, { current: build.stylesHash });
  // Its url()s name assets relative to the sheet's own address, not to /u/<hash>/.
  const styles = rebaseStyleUrls(build.styles, formatAddress({ packageName: module.package.name, version: module.package.version }, 'styles', module.subpath));
  return { kind: 'artifact', body: styles, type: 'text/css; charset=utf-8', audience: 'development', digest: build.stylesHash };
}

type Build = Awaited<ReturnType<ServiceContext['compiler']['compile']>>;

/** One file's factory, when the module's current build holds that file with that digest. */
function answerFileUpdate(vspecifier: string, build: Build, hash: string, path: string): Answer {
  if (build.status === 'invalid') return refuse('BUILD_FAILED', `${vspecifier} does not build; the page keeps the code it runs`, build.diagnostics);
  const entry = build.hot && Object.entries(build.hot.files).find(([, f]) => f.path === path);
  if (!build.hot || !entry) return refuse('OUTPUT_NOT_AVAILABLE', `${vspecifier}'s development output has no file ${path}`);
  const [id, found] = entry;
  if (found.hash !== hash) return refuse('UPDATE_SUPERSEDED', `a newer build replaced ${hash}`, undefined, { current: found.hash });
  const body = hotUpdateModule(vspecifier, build.code, build.hot, id)!;
  return { kind: 'artifact', body, type: 'text/javascript; charset=utf-8', audience: 'development', digest: found.hash };
}

