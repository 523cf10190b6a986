import type { CommandModule } from 'yargs';
import { compileAll, judgedOptions, sharedHelperWarnings, tsconfigEdits, type Diagnostic, type ModuleBuild, type ModuleInfo } from '../../compiler/index.js';
import { pc, printDiagnostics, printWarnings } from '../output.js';
import { openRemoteCache, remoteCacheOptions, remoteSummary, type RemoteArgs } from '../remote.js';
import { openWorkspace } from '../workspace.js';

export const checkCommand: CommandModule<{ cwd: string }, { cwd: string; 'fix-tsconfig': boolean; mode?: string } & RemoteArgs> = {
  command: 'check',
  describe: 'Compile every public module and report its state (exit 1 when any is invalid)',
  builder: (y) => remoteCacheOptions(y).option('mode', { type: 'string', describe: 'import.meta.env.MODE and the .env.<mode> files read (default: development)' }).option('fix-tsconfig', { type: 'boolean', default: false, describe: 'print the edits that make the workspace\'s tsconfigs ready for TypeScript 7, and check nothing' }),
  handler: async (args) => {
    const { workspace, compiler } = openWorkspace(args.cwd, 'check', (root) => openRemoteCache(root, args), args.mode);
    if (args['fix-tsconfig']) {
      const edits = tsconfigEdits(workspace);
      for (const edit of edits) process.stdout.write(`${pc.cyan(`${edit.file}:${edit.line}:${edit.column}`)} ${edit.message}\n`);
      process.stdout.write(edits.length ? `${edits.length} edit${edits.length === 1 ? '' : 's'} make the tsconfigs ready for TypeScript 7\n` : `${pc.green('✓')} the tsconfigs are ready for TypeScript 7\n`);
      return;
    }
    // Read from the sources beside the checks (esbuild's service lexes them).
    const helpers = sharedHelperWarnings(workspace);
    const problems: Diagnostic[] = [...workspace.diagnostics];
    let invalid = 0;
    // Compiled as `kit build` compiles (see compileAll), reported in workspace order as each is known.
    const built = new Map<ModuleInfo, (build: ModuleBuild) => void>();
    const builds = workspace.modules.map((module) => new Promise<ModuleBuild>((done) => built.set(module, done)));
    const all = compileAll(compiler, workspace, workspace.modules, judgedOptions, { concurrency: CONCURRENCY, ahead: true, onBuilt: (module, build) => built.get(module)!(build) });
    for (const [i, module] of workspace.modules.entries()) {
      // `all` rejects when a compile throws: the command fails then, rather than wait for that module.
      const build = await Promise.race([builds[i], all.then(() => builds[i])]);
      const mark = build.status === 'valid' ? pc.green('✓') : pc.red('✗');
      process.stdout.write(`${mark} ${module.vspecifier} ${pc.dim(module.bundler.name)}\n`);
      if (build.status === 'invalid') invalid++;
      problems.push(...build.diagnostics);
    }
    await compiler.remote?.flush();
    printWarnings([...workspace.warnings, ...(await helpers)]);
    printDiagnostics(problems, { root: workspace.root });
    const total = workspace.modules.length;
    const summary = `${total} module${total === 1 ? '' : 's'}: ${total - invalid} valid, ${invalid} invalid${remoteSummary(compiler.remote)}`;
    if (problems.length) {
      process.stderr.write(`${pc.red(summary)}${workspace.diagnostics.length ? `, ${workspace.diagnostics.length} workspace problem(s)` : ''}\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`${pc.green(summary)}\n`);
    }
  },
};

const CONCURRENCY = 4;
