import type { CommandModule } from 'yargs';
import { resetSelection, writeSelection } from '../../compiler/index.js';
import { pc, UserError } from '../output.js';
import { openWorkspace } from '../workspace.js';

interface Args {
  cwd: string;
  packages?: string[];
  reset?: boolean;
}

export const selectCommand: CommandModule<{ cwd: string }, Args> = {
  command: 'select [packages..]',
  describe: 'Choose which workspace packages are in development (the rest come from the CDN)',
  builder: (y) =>
    y
      .positional('packages', { type: 'string', array: true, describe: 'package names, e.g. @acme/ui' })
      .option('reset', { type: 'boolean', describe: 'forget the selection: every package in development' }),
  handler: (args) => {
    const { workspace } = openWorkspace(args.cwd, 'select');
    const names = args.packages ?? [];
    if (args.reset) {
      if (names.length) throw new UserError('--reset takes no package names');
      resetSelection(workspace);
      process.stdout.write(`${pc.green('✔')} selection forgotten: every package is in development\n`);
      return;
    }
    if (!names.length) throw new UserError('name the packages to develop (kit select @scope/name …), or pass --reset');
    const change = writeSelection(workspace, names);
    if (!change.ok) {
      const known = workspace.packages.map((p) => p.name).join(', ');
      throw new UserError(`not packages of this workspace: ${change.unknown.join(', ')} (its packages: ${known}); nothing changed`);
    }
    const rest = workspace.packages.filter((p) => !change.selection.packages.includes(p.name)).map((p) => p.name);
    process.stdout.write(`${pc.green('✔')} in development: ${change.selection.packages.join(', ')}\n`);
    if (rest.length) process.stdout.write(`${pc.dim(`from the CDN: ${rest.join(', ')}`)}\n`);
  },
};
