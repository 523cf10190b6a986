import type { H3Event } from 'h3';
import { findModuleAt, formatAddress, parseAddress, parseOptions, rebaseStyleUrls } from '../../compiler/index.js';
import { refuse, type Answer } from '../answer.js';
import type { ServiceContext } from '../context.js';
import { requestTarget } from '../request.js';

/**
 * `GET /u/<hash>/<package>@<version>/styles/<subpath>?<development options>`: that exact
 * build of a stylesheet, which the runtime swaps in. A newer build answers 409 with its
 * hash; a failed one 422, so the page keeps the sheet it has.
 */
export async function answerUpdate(ctx: ServiceContext, event: H3Event): Promise<Answer> {
  const { path, query } = requestTarget(event);
  const match = /^\/u\/([0-9a-f]+)(\/.+)$/.exec(path);
  const address = match ? parseAddress(`/m${match[2]}`) : undefined;
  if (!match || !address || address.family !== 'styles') return refuse('MODULE_NOT_FOUND', 'update addresses are /u/<hash>/<package>@<version>/styles/<subpath>');
  const parsed = parseOptions(query);
  if (!parsed.ok) return refuse(parsed.code, parsed.message);
  const workspace = ctx.loader.load(); // the watcher has just rebuilt what the runtime asks for
  const module = findModuleAt(workspace, address.packageName, address.tail);
  if (!module || module.package.version !== address.version) return refuse('MODULE_NOT_FOUND', `no module ${address.packageName}@${address.version}/${address.tail} in this workspace`);
  const build = await ctx.compiler.compile(workspace, module, parsed.options);
  if (build.status === 'invalid') return refuse('BUILD_FAILED', `${module.specifier} does not build; the page keeps its last good style`, build.diagnostics);
  if (build.styles === undefined) return refuse('OUTPUT_NOT_AVAILABLE', `${module.specifier} imports no stylesheet`);
  if (build.stylesHash !== match[1]) return refuse('UPDATE_SUPERSEDED', `a newer build replaced ${match[1]}`, undefined, { current: build.stylesHash });
  // Its url()s name assets relative to the sheet's own address, not to /u/<hash>/.
  const styles = rebaseStyleUrls(build.styles, formatAddress({ packageName: module.package.name, version: module.package.version }, 'styles', module.subpath));
  return { kind: 'artifact', body: styles, type: 'text/css; charset=utf-8', audience: 'development', digest: build.stylesHash };
}
