import type { H3Event } from 'h3';
import { findInstalled, type Address, type Workspace } from '../../compiler/index.js';
import type { ServiceContext } from '../context.js';
import { sendArtifact, sendError } from '../respond.js';
import { audienceOf, checkOptions } from './options.js';

/**
 * `/m/<name>@<version>/modules/<subpath>` of a package outside the workspace that is
 * installed in its `node_modules`: compiled here, so a preview needs no network.
 */
export async function serveInstalled(ctx: ServiceContext, event: H3Event, workspace: Workspace, address: Address, query: URLSearchParams): Promise<void> {
  const installed = findInstalled(workspace.root, address.packageName);
  if (!installed) return sendError(event, 'PACKAGE_NOT_FOUND', `no package ${address.packageName} in this workspace or its node_modules`);
  if (installed.version !== address.version) {
    const current = `/m/${installed.name}@${installed.version}/${address.family}/${address.tail}`;
    return sendError(event, 'VERSION_MISMATCH', `${installed.name} is installed at ${installed.version}, not ${address.version}; its address is ${current}`, undefined, { current });
  }
  if (address.family !== 'modules') return sendError(event, 'OUTPUT_NOT_AVAILABLE', `only the code of installed packages is served, not their ${address.family}`);
  const options = checkOptions(ctx, event, query);
  if (!('target' in options)) return options;
  const build = await ctx.compiler.compileInstalled(workspace.root, installed, address.tail, options);
  if (build.diagnostics.length) return sendError(event, 'BUILD_FAILED', `${installed.name}@${installed.version}/${address.tail} does not build`, build.diagnostics);
  return sendArtifact(event, build.code, 'text/javascript; charset=utf-8', audienceOf(ctx, options), build.hash);
}
