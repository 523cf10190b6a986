import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { REPO } from './workspace.js';

/** A `kit run` at a terminal: what the terminal shows, and how to stop it. */
export interface TerminalService {
  /** Everything the terminal has shown, colours and all, with `\r\n` made `\n`. */
  screen(): string;
  /** The same without colours. */
  text(): string;
  process: ChildProcess;
  /** Stops `kit run` (SIGTERM reaches it through `script`) and waits for it to end. */
  close(): Promise<void>;
}

/** Strips the terminal's colour codes. */
export const uncoloured = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/**
 * Starts `kit run <args>` in a pseudo-terminal (util-linux `script`), as a user's terminal
 * runs it: stdout and stderr are the terminal, so the start-up block is what a person sees.
 * `env` is added to the environment (NO_COLOR left out unless given).
 */
export function startInTerminal(dir: string, args: string[], env: Record<string, string> = {}): TerminalService {
  const command = [process.execPath, join(REPO, 'bin', 'kit.js'), 'run', '--cwd', dir, ...args].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  const { NO_COLOR: _, ...inherited } = process.env;
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env: { ...inherited, KIT_SERVICE_EXTENSIONS: '@kit-js/packages/development', TERM: 'xterm-256color', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let shown = '';
  child.stdout!.on('data', (chunk) => (shown += chunk));
  const screen = () => shown.replaceAll('\r\n', '\n');
  return {
    screen,
    text: () => uncoloured(screen()),
    process: child,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
