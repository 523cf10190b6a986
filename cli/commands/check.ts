import type { CommandModule } from 'yargs';
import { judgedOptions, type Diagnostic } from '../../compiler/index.js';
import { pc, printDiagnostics, printWarnings } from '../output.js';
import { openWorkspace } from '../workspace.js';

export const checkCommand: CommandModule<{ cwd: string }, { cwd: string }> = {
  command: 'check',
  describe: 'Compile every public module and report its state (exit 1 when any is invalid)',
  handler: async (args) => {
    const { workspace, compiler } = openWorkspace(args.cwd, 'check');
    const problems: Diagnostic[] = [...workspace.diagnostics];
    let invalid = 0;
    // Started together, a few compiling at once (a ts module's check runs in TypeScript 7's process
    // while the next is emitted); reported in workspace order.
    const builds = compileFewAtATime(workspace.modules, (module) => compiler.compile(workspace, module, judgedOptions(module)));
    for (const [i, module] of workspace.modules.entries()) {
      const build = await builds[i];
      const mark = build.status === 'valid' ? pc.green('✓') : pc.red('✗');
      process.stdout.write(`${mark} ${module.vspecifier} ${pc.dim(module.bundler.name)}\n`);
      if (build.status === 'invalid') invalid++;
      problems.push(...build.diagnostics);
    }
    printWarnings(workspace.warnings);
    printDiagnostics(problems);
    const total = workspace.modules.length;
    const summary = `${total} module${total === 1 ? '' : 's'}: ${total - invalid} valid, ${invalid} invalid`;
    if (problems.length) {
      process.stderr.write(`${pc.red(summary)}${workspace.diagnostics.length ? `, ${workspace.diagnostics.length} workspace problem(s)` : ''}\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`${pc.green(summary)}\n`);
    }
  },
};

const CONCURRENCY = 4;

/** One promise per item, in order; at most `CONCURRENCY` of `run` at a time. */
function compileFewAtATime<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R>[] {
  const slots: Promise<unknown>[] = Array.from({ length: CONCURRENCY }, () => Promise.resolve());
  return items.map((item, i) => {
    const result = slots[i % CONCURRENCY].then(() => run(item));
    slots[i % CONCURRENCY] = result.catch(() => undefined);
    return result;
  });
}
