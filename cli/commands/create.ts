import { relative, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { createWorkspace } from '../../compiler/index.js';
import { pc, UserError } from '../output.js';

interface Args {
  cwd: string;
  dir: string;
  name?: string;
  template: string;
  example: boolean;
}

export const createCommand: CommandModule<{ cwd: string }, Args> = {
  command: 'create <dir>',
  describe: 'Create a workspace from a template: kit-web (0.1.0, the default) or react',
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'where to create it (must be empty or absent)' })
      .option('name', { type: 'string', describe: 'the package name, scoped (default: @<dir>/app)' })
      // createWorkspace refuses an unknown name in one line (yargs' `choices` would print several).
      .option('template', { type: 'string', default: 'kit-web', describe: 'the template: kit-web (a TypeScript module) or react (React + TypeScript)' })
      .option('example', { type: 'boolean', default: false, describe: 'add a styled starter: a stylesheet, a counter, and which file to edit' }),
  handler: (args) => {
    const dir = resolve(args.cwd, args.dir);
    const result = createWorkspace(dir, args.name, { template: args.template, example: args.example });
    if (!result.ok) throw new UserError(result.reason);
    process.stdout.write(`${pc.green('✔')} created ${pc.bold(result.name)} in ${dir}\n\n`);
    for (const step of nextSteps(dir)) process.stdout.write(`  ${pc.cyan(step)}\n`);
  },
};

/**
 * The commands that take the user from their shell to a running service. The `cd` is
 * relative to the shell's directory (process.cwd(), not --cwd), so it works wherever
 * `kit create` was run, and is left out when there is nowhere to go.
 */
function nextSteps(dir: string): string[] {
  const path = relative(process.cwd(), dir);
  return [...(path ? [`cd ${shellQuote(path)}`] : []), 'npm install', 'npm run dev'];
}

/** `path` as one shell word: single-quoted when it holds a space or another special character. */
function shellQuote(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}
