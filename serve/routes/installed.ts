import type { H3Event } from 'h3';
import { DEVELOPMENT, entryModule, findInstalledInWorkspace, findPlanned, formatOptions, installedSpecifier, SHARED_DIR, type Address, type CompileOptions, type Workspace } from '../../compiler/index.js';
import { refuse, type Answer, type Audience } from '../answer.js';
import type { ServiceContext } from '../context.js';
import { audienceOf, checkOptions } from './options.js';

const JAVASCRIPT = 'text/javascript; charset=utf-8';

/**
 * `/m/<name>@<version>/modules/…` of a package outside the workspace that is installed in
 * its `node_modules`: compiled here, so a preview needs no network. The entries the
 * workspace uses are compiled together (see `docs/selection.md`): `modules/~kit/<file>` are
 * their outputs, named by content; `modules/<subpath>` re-exports the entry's output.
 */
export async function answerInstalled(ctx: ServiceContext, event: H3Event, workspace: Workspace, address: Address, rawQuery: string): Promise<Answer> {
  const found = findInstalledInWorkspace(workspace.root, workspace.packages.map((pkg) => pkg.dir), address.packageName);
  if (!found) return refuse('PACKAGE_NOT_FOUND', `no package ${address.packageName} in this workspace or its node_modules`);
  if (address.family !== 'modules') return refuse('OUTPUT_NOT_AVAILABLE', `only the code of installed packages is served, not their ${address.family}`);
  const checked = checkOptions(ctx, event, rawQuery);
  if (checked.kind === 'error') return checked;
  const { options } = checked;
  // In development, the layout the page was planned with (see `BuildStates.plannedImports`): no wait for every module's build.
  const development = formatOptions(options) === formatOptions(DEVELOPMENT);
  const plan = await ctx.compiler.installedPlan(workspace, options, undefined, development ? ctx.builds.plannedImports(workspace) : undefined);
  // The one the modules resolve (through pnpm's links, say), else the one found above.
  const installed = plan.packages[found.name] ?? found;
  if (installed.version !== address.version) {
    const current = `/m/${installed.name}@${installed.version}/${address.family}/${address.tail}`;
    return refuse('VERSION_MISMATCH', `${installed.name} is installed at ${installed.version}, not ${address.version}; its address is ${current}`, undefined, { current });
  }
  if (address.tail.startsWith(`${SHARED_DIR}/`)) {
    const file = address.tail.slice(SHARED_DIR.length + 1);
    const code = ctx.compiler.installed.output(installed, options, file);
    if (code === undefined) return refuse('OUTPUT_NOT_AVAILABLE', `${file} is not an output of ${installed.name}@${installed.version} as this workspace uses it; reload the page for the current addresses`);
    return { kind: 'artifact', body: code, type: JAVASCRIPT, audience: audienceOf(ctx, options) };
  }
  const planned = findPlanned(plan, installedSpecifier(installed.name, address.tail));
  let entry = planned?.entry;
  let diagnostics = planned?.diagnostics;
  if (!entry && !diagnostics) {
    // An entry the workspace does not import: compiled with those it does, so shared code stays shared where it can.
    const build = await ctx.compiler.installed.build(workspace.root, installed, [...(plan.packages[installed.name]?.entries ?? []), address.tail], options, workspace.conditions);
    entry = build.entries[address.tail];
    diagnostics = build.failed[address.tail];
  }
  if (!entry) return refuse('BUILD_FAILED', `${installed.name}@${installed.version}/${address.tail} does not build`, diagnostics);
  return { kind: 'artifact', body: entryModule(address.tail, entry.file, entry.exports, formatOptions(options)), type: JAVASCRIPT, audience: entryAudience(ctx, options) };
}

/** What an entry's own address names follows the entries in use, not only the version: always revalidated. */
function entryAudience(ctx: ServiceContext, options: CompileOptions): Audience {
  const audience = audienceOf(ctx, options);
  return audience === 'production-origin' ? 'production-dev-service' : audience;
}
