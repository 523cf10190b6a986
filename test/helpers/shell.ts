import type { ChildProcess } from 'node:child_process';

/**
 * The environment of a user's shell: no colour, and none of the `npm_*` variables of an
 * outer `npm test` (npm_config_local_prefix would point an inner npm at this checkout).
 */
export function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NO_COLOR: '1', npm_config_update_notifier: 'false' };
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  return env;
}

/** The first `http://127.0.0.1:<port>/` line a service started from a shell prints; rejects when it exits first. */
export function firstUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const match = /^(http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(stdout);
      if (match) resolveUrl(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the service exited ${code} before printing its address:\n${stdout}\n${stderr}`)));
  });
}

/** Stops a service started `detached` (npm → sh → node): the whole process group goes. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  const exited = new Promise((done) => child.once('exit', done));
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
  await exited;
}
