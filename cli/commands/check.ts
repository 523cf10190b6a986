import type { CommandModule } from 'yargs';
import { judgedOptions, writeEditorConfig, type Diagnostic } from '../../compiler/index.js';
import { pc, printDiagnostics } from '../output.js';
import { openWorkspace } from '../workspace.js';

export const checkCommand: CommandModule<{ cwd: string }, { cwd: string }> = {
  command: 'check',
  describe: 'Compile every public module and report its state (exit 1 when any is invalid)',
  handler: async (args) => {
    const { workspace, compiler } = openWorkspace(args.cwd, 'check');
    writeEditorConfig(workspace); // what editors need to agree with this check
    const problems: Diagnostic[] = [...workspace.diagnostics];
    let invalid = 0;
    for (const module of workspace.modules) {
      const build = await compiler.compile(workspace, module, judgedOptions(module));
      const mark = build.status === 'valid' ? pc.green('✓') : pc.red('✗');
      process.stdout.write(`${mark} ${module.vspecifier} ${pc.dim(module.bundler.name)}\n`);
      if (build.status === 'invalid') invalid++;
      problems.push(...build.diagnostics);
    }
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
