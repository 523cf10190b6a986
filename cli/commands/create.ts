import { basename, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { createWorkspace } from '../../compiler/create.js';
import { pc, UserError } from '../output.js';

interface Args {
  cwd: string;
  dir: string;
  name?: string;
}

export const createCommand: CommandModule<{ cwd: string }, Args> = {
  command: 'create <dir>',
  describe: 'Create a workspace from the kit-web template (0.1.0)',
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'where to create it (must be empty or absent)' })
      .option('name', { type: 'string', describe: 'the package name, scoped (default: @<dir>/app)' }),
  handler: (args) => {
    const dir = resolve(args.cwd, args.dir);
    const result = createWorkspace(dir, args.name);
    if (!result.ok) throw new UserError(result.reason);
    process.stdout.write(`${pc.green('✔')} created ${pc.bold(result.name)} in ${dir}\n\n`);
    process.stdout.write(`  cd ${basename(dir)}\n  KIT_SERVICE_EXTENSIONS=@kit-js/packages/development npx kit run\n`);
  },
};
