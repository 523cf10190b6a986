import { relative } from 'node:path';
import type { CommandModule } from 'yargs';
import { checkOutputDirectory, ForeignFileClash, PUBLIC_DIR, sharedHelperWarnings, writeDistribution } from '../../compiler/index.js';
import { pc, printDiagnostics, printWarnings, UserError } from '../output.js';
import { openRemoteCache, remoteCacheOptions, remoteSummary, type RemoteArgs } from '../remote.js';
import { openWorkspace, pageFolder } from '../workspace.js';
import { sizeTable } from '../size-table.js';

interface Args extends RemoteArgs {
  cwd: string;
  out?: string;
  page?: string;
  mode?: string;
}

export const buildCommand: CommandModule<{ cwd: string }, Args> = {
  command: 'build',
  describe: 'Compile every public module for production and write the static emit',
  builder: (y) =>
    remoteCacheOptions(
      y
        .option('out', { type: 'string', defaultDescription: "dist/ in the page's folder", describe: 'output directory, relative to the workspace' })
        .option('mode', { type: 'string', describe: 'import.meta.env.MODE and the .env.<mode> files read (default: production)' })
        .option('page', { type: 'string', describe: "the folder whose index.html is the page (an app's), relative to the workspace; default: the app kit build runs in, else the workspace root's" }),
    ),
  handler: async (args) => {
    const started = performance.now();
    const opened = openWorkspace(args.cwd, 'build', (root) => openRemoteCache(root, args), args.mode);
    const { workspace } = opened;
    printWarnings(workspace.warnings);
    // Read from the sources beside the build (esbuild's service lexes them), told when it is done.
    const helpers = sharedHelperWarnings(workspace);
    const page = pageFolder(workspace, args.cwd, args.page);
    // An app's emit goes to its own dist/ (the one place inside a package an emit may go).
    const out = args.out ?? (page ? `${page}/dist` : 'dist');
    const checked = checkOutputDirectory(workspace, out, out, page ? `${page}/dist` : undefined);
    if (!checked.ok) throw new UserError(`${checked.reason}; nothing was written`);
    const outDir = checked.dir;
    const compiler = opened.compiler;
    const tty = process.stderr.isTTY;
    const result = await writeDistribution(workspace, compiler, outDir, (done, total, module) => {
      if (tty) process.stderr.write(`\r\x1b[K${pc.cyan(`[${done}/${total}]`)} ${module.vspecifier}`);
    }, page).catch((error: NodeJS.ErrnoException) => {
      if (tty) process.stderr.write('\r\x1b[K');
      if (error instanceof ForeignFileClash) {
        const names = error.files.map((file) => `${displayPath(outDir)}/${file}`).join(', ');
        throw new UserError(`${names} ${error.files.length === 1 ? 'was' : 'were'} not written by kit build, and the emit has ${error.files.length === 1 ? 'a file' : 'files'} of that name; move ${error.files.length === 1 ? 'it' : 'them'} to ${PUBLIC_DIR}/ (copied into every build) or remove ${error.files.length === 1 ? 'it' : 'them'}; ${displayPath(outDir)} is as it was`);
      }
      // A place that cannot be written: the emit was being written aside, and is gone again.
      const reason = error.code && WRITE_FAILURES[error.code];
      if (reason) throw new UserError(`cannot write ${displayPath(outDir)}: ${reason}; ${displayPath(outDir)} is as it was`);
      throw error;
    });
    if (tty) process.stderr.write('\r\x1b[K');
    printWarnings(await helpers);
    const remote = compiler.remote;
    // Uploads run beside the build: waited for here, a few seconds at most.
    await remote?.flush();
    for (const module of remote?.differing ?? []) process.stderr.write(`${pc.yellow('warning:')} ${module} differs from the remote cache's build: the build is not deterministic\n`);
    if (result.diagnostics.length) {
      printDiagnostics(result.diagnostics, { root: workspace.root });
      const count = result.diagnostics.length;
      process.stderr.write(`${pc.red('build failed:')} ${count} problem${count === 1 ? '' : 's'}; nothing was written${remoteSummary(remote)}\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(sizeTable(outDir, displayPath(outDir), result.written));
    const ms = Math.round(performance.now() - started);
    const count = workspace.modules.length;
    const installed = result.installed ? ` and ${result.installed} installed package${result.installed === 1 ? '' : 's'}` : '';
    process.stdout.write(`${pc.green('✓')} built ${count} module${count === 1 ? '' : 's'}${installed} into ${displayPath(outDir)} ${pc.dim(`(${result.files} files, ${ms} ms${remoteSummary(remote)})`)}\n`);
    printWarnings(result.warnings);
    if (result.kept.length) process.stdout.write(`${pc.dim('kept')} ${keptList(result.kept.map((file) => `${displayPath(outDir)}/${file}`))} ${pc.dim(`(not written by kit build)`)}\n`);
    if (result.noPage) process.stderr.write(`${pc.yellow('warning:')} ${result.noPage}; load the modules from a page of your own with dist/importmap.json\n`);
    if (result.unmapped.length) {
      process.stderr.write(`${pc.yellow('warning:')} not installed, so not in importmap.json: ${result.unmapped.join(', ')}; install them (npm install) or map them to a CDN in the page's import map\n`);
    }
  },
};

/** Why a directory could not be written, for the errors a full or read-only place gives. */
const WRITE_FAILURES: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/** The files kept, named: all of a few, the first of many. */
function keptList(files: string[]): string {
  return files.length <= 3 ? files.join(', ') : `${files.slice(0, 3).join(', ')} and ${files.length - 3} more`;
}

function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}
