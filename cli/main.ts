import yargs from 'yargs';
import { KIT } from '../compiler/version.js';
import { buildCommand } from './commands/build.js';
import { checkCommand } from './commands/check.js';
import { createCommand } from './commands/create.js';
import { explainCommand } from './commands/explain.js';
import { runCommand } from './commands/run.js';
import { selectCommand } from './commands/select.js';
import { pc, UserError } from './output.js';

/** Parses `argv` and runs the command it names; a user's mistake exits 1 with one line. */
export async function main(argv: string[]): Promise<void> {
  const cli = yargs(argv)
    .scriptName('kit')
    .usage('$0 <command> [options]')
    .option('cwd', { type: 'string', default: process.cwd(), defaultDescription: 'current directory', describe: 'the workspace directory' })
    .command(createCommand)
    .command(runCommand)
    .command(buildCommand)
    .command(checkCommand)
    .command(selectCommand)
    .command(explainCommand)
    .demandCommand(1, 'name a command; see kit --help')
    .strict()
    .help()
    .version(KIT.version)
    .fail((message, error) => {
      throw error ?? new UserError(`${message}; run kit --help for the commands and their options`);
    });
  try {
    await cli.parseAsync();
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    process.stderr.write(`${pc.red('kit:')} ${error.message}\n`);
    process.exit(1);
  }
}
