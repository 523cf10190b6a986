import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { KIT_HOME } from '../../compiler/index.js';
import { renderMarkdown } from '../markdown.js';
import { pc, UserError } from '../output.js';

/** The entries of docs/errors.md, by code (`TS<n>` stands for every TypeScript code). */
function readErrorReference(): Map<string, string> {
  const text = readFileSync(join(KIT_HOME, 'docs', 'errors.md'), 'utf8');
  const entries = new Map<string, string>();
  for (const section of text.split(/^## /m).slice(1)) {
    const [title, ...body] = section.split('\n');
    entries.set(title.trim(), body.join('\n').trim());
  }
  return entries;
}

export const explainCommand: CommandModule<{ cwd: string }, { cwd: string; code: string }> = {
  command: 'explain <code>',
  describe: 'Explain an error code: what it means, an example, the fix',
  builder: (y) => y.positional('code', { type: 'string', demandOption: true }),
  handler: (args) => {
    const entries = readErrorReference();
    const code = args.code.toUpperCase();
    const key = /^TS\d+$/.test(code) ? 'TS<n>' : code;
    const entry = entries.get(key);
    if (!entry) throw new UserError(`no error code ${args.code}; the codes are ${[...entries.keys()].join(', ')}`);
    process.stdout.write(`${pc.bold(code)}\n${renderMarkdown(entry)}\n`);
  },
};
