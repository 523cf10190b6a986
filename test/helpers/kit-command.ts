import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';
import { REPO } from './workspace.js';

export const KIT_BIN = join(REPO, 'bin', 'kit.js');

/**
 * Runs `kit <args>` to its end as a user's shell would, without colour whatever the
 * runner's terminal asks (FORCE_COLOR included), so tests read the plain text.
 */
export function kitSync(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [KIT_BIN, ...args], {
    cwd: options.cwd,
    encoding: 'utf8',
    timeout: options.timeout,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
}
