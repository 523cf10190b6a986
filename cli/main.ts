import yargs from 'yargs';
import { closeCheckers, KIT, reportCacheTrouble } from '../compiler/index.js';
import { buildCommand } from './commands/build.js';
import { checkCommand } from './commands/check.js';
import { createCommand } from './commands/create.js';
import { devCommand } from './commands/dev.js';
import { explainCommand } from './commands/explain.js';
import { runCommand } from './commands/run.js';
import { selectCommand } from './commands/select.js';
import { pc, UserError } from './output.js';

const COMMANDS = [createCommand, devCommand, runCommand, buildCommand, checkCommand, selectCommand, explainCommand];
const NAMES = COMMANDS.map((c) => String(c.command).split(' ')[0]);
/** The commands that serve until stopped, and close TypeScript 7's process themselves. */
const SERVING = ['run', 'dev'];

/** The command `argv` names: the first name of one that is not `--cwd`'s value (`kit --cwd dev build` builds). */
function commandOf(argv: string[]): string | undefined {
  return argv.find((arg, i) => NAMES.includes(arg) && argv[i - 1] !== '--cwd');
}

/** Parses `argv` and runs the command it names; a user's mistake exits 1 with one line. */
export async function main(argv: string[]): Promise<void> {
  const command = commandOf(argv);
  // A cache that cannot be written costs speed, never the command: one warning line.
  reportCacheTrouble((message) => process.stderr.write(`${pc.yellow('warning:')} ${message}\n`));
  const cli = yargs(argv)
    .scriptName('kit')
    .usage('$0 <command> [options]')
    .option('cwd', { type: 'string', default: process.cwd(), defaultDescription: 'current directory', describe: 'the workspace directory' })
    .command(COMMANDS as never[])
    .demandCommand(1, `name a command: ${NAMES.join(', ')} (kit --help says what each does)`)
    .strict()
    .help()
    .version(KIT.version)
    .fail((message, error) => {
      if (error) throw error;
      if (!command && argv[0] && !argv[0].startsWith('-')) throw new UserError(`there is no command "${argv[0]}"; the commands are ${NAMES.join(', ')}`);
      throw new UserError(command ? `${message}; kit ${command} --help lists its options` : message);
    });
  try {
    await cli.parseAsync();
    // TypeScript 7's process would keep a finished command alive; `kit run` and `kit dev` close it on stop.
    if (!SERVING.includes(command ?? '')) await closeCheckers();
  } catch (error) {
    const where = pc.red(command ? `kit ${command}:` : 'kit:');
    if (!(error instanceof UserError)) {
      // A fault of kit's, not the user's: the stack is for the bug report.
      process.stderr.write(`${where} internal error, please report it: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(2);
    }
    process.stderr.write(`${where} ${error.message}\n`);
    process.exit(1);
  }
}
