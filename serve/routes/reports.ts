import { judgedOptions, sharedHelperWarnings } from '../../compiler/index.js';
import { json, type Answer } from '../answer.js';
import type { ServiceContext } from '../context.js';

/** `GET /state`: one entry per public module, `valid` with its hash or `invalid` with its diagnostics. */
export async function answerState(ctx: ServiceContext): Promise<Answer> {
  const workspace = ctx.loader.loadChecked();
  const builds = await ctx.builds.judge(ctx.compiler, workspace, workspace.modules);
  const modules = workspace.modules.map((m) => {
    const build = builds.get(m)!;
    const base = { specifier: m.specifier, vspecifier: m.vspecifier, target: judgedOptions(m).target };
    return build.status === 'valid' ? { ...base, status: 'valid', hash: build.hash } : { ...base, status: 'invalid', diagnostics: build.diagnostics };
  });
  return json({ revision: ctx.builds.revision, diagnostics: workspace.diagnostics, warnings: [...workspace.warnings, ...(await sharedHelperWarnings(workspace))], modules });
}
