import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll } from 'vitest';
import { REPO, copySample, removeWorkspaces } from './workspace.js';

export interface TestServer {
  url: string;
  process: ChildProcess;
  stderr: () => string;
  close(): Promise<number | null>;
}

/** Starts a real `kit run` (or `kit dev`) on 127.0.0.1 and a free port for the workspace at `dir`. */
export async function startTestServer(dir: string, options: { development?: boolean; env?: Record<string, string>; args?: string[]; port?: number; command?: 'run' | 'dev' } = {}): Promise<TestServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  delete env.KIT_CDN_ORIGIN;
  if (options.development ?? true) env.KIT_SERVICE_EXTENSIONS = '@kit-js/packages/development';
  else delete env.KIT_SERVICE_EXTENSIONS;
  Object.assign(env, options.env);
  const child = spawn(process.execPath, [join(REPO, 'bin', 'kit.js'), options.command ?? 'run', '--port', String(options.port ?? 0), '--cwd', dir, ...(options.args ?? [])], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`kit run exited ${code}: ${stderr}`)));
  });
  return {
    url,
    process: child,
    stderr: () => stderr,
    async close() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      return code as number | null;
    },
  };
}

export const DEV = 'target=browser&format=esm&env=development&min=false&sourcemap=inline&types=false&css=false';
export const PROD = 'target=browser&format=esm&env=production&min=true&sourcemap=none&types=false&css=false';

/**
 * A real `kit run` over the workspace `make` writes (or copies), for the tests of one file:
 * started before them, stopped (and the workspaces removed) after them.
 */
export function useServer(make: () => string, options: Parameters<typeof startTestServer>[1] = {}): { server: TestServer; dir: string } {
  const state = {} as { server: TestServer; dir: string };
  beforeAll(async () => {
    state.dir = make();
    state.server = await startTestServer(state.dir, options);
  });
  afterAll(async () => {
    await state.server?.close();
    removeWorkspaces();
  });
  return state;
}

/** `useServer` over a fresh copy of a sample workspace. */
export function useSampleServer(sample = 'shop', options: Parameters<typeof startTestServer>[1] = {}): { server: TestServer; dir: string } {
  return useServer(() => copySample(sample), options);
}
