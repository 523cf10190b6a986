import { spawnSync } from 'node:child_process';

/**
 * Runs `node <args>` in a pseudo-terminal (util-linux `script`), as a user's terminal runs
 * it: stdout and stderr are TTYs, so colours and progress lines are what a user sees. The
 * output is both streams as the terminal shows them, with `\r\n` made `\n`.
 */
export function runInTerminal(args: string[], { cwd, env = {} }: { cwd: string; env?: Record<string, string> }): { code: number | null; output: string } {
  const command = [process.execPath, ...args].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  const { NO_COLOR: _, ...inherited } = process.env;
  const result = spawnSync('script', ['-qec', command, '/dev/null'], { cwd, encoding: 'utf8', env: { ...inherited, TERM: 'xterm-256color', COLUMNS: '160', ...env }, timeout: 120_000 });
  return { code: result.status, output: result.stdout.replaceAll('\r\n', '\n') };
}

/** The text as the terminal leaves it: no colours, and of a line rewritten after `\r`, its last form. */
export const plain = (text: string) =>
  text
    .replace(/\u001b\[[0-9;]*[A-Za-z]/g, '')
    .split('\n')
    .map((line) => line.slice(line.lastIndexOf('\r') + 1))
    .join('\n');
