import { readdirSync, readlinkSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, test } from 'vitest';
import { DEV, startTestServer } from '../helpers/server.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

// As it starts, the service builds one `ts` module and drops the build, so that the engine has
// compiled rolldown's and swc's code before a page asks for its first modules (Compiler.warmUp).

const workspace = () =>
  writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'package.json': { name: 'warm-up-ws', private: true },
    'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true }, include: ['packages'] },
    'packages/app/package.json': pkg('@warm/app', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/app/first/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/first/index.ts': 'export const first: number = 1;\n',
    'packages/app/last/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/last/index.ts': 'export const last: number = 2;\n',
  });

afterAll(() => removeWorkspaces());

/** The processes whose working directory is `dir`: TypeScript 7's, for a workspace. */
function processesIn(dir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/cwd`) === dir;
      } catch {
        return false;
      }
    })
    .map(Number);
}

test('the module built as the service starts is built again when first asked for: nothing of that build is kept', async () => {
  const dir = workspace();
  const server = await startTestServer(dir);
  try {
    // The start's build is done by then; the idle service's own builds (kept) begin after a second of quiet.
    await sleep(600);
    const response = await fetch(new URL(`/m/@warm/app@0.1.0/modules/last?${DEV}`, server.url));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('const last = 2');
    const timing = response.headers.get('server-timing') ?? '';
    expect(timing).toContain('cache;desc="miss"');
    expect(Number(/bundle;dur=([\d.]+)/.exec(timing)?.[1])).toBeGreaterThan(0);
  } finally {
    await server.close();
  }
});

test.skipIf(process.platform !== 'linux')('a service closed as it starts leaves no TypeScript 7 process behind', async () => {
  const dir = workspace();
  // Closed at once, at several moments of its start: before, during and after the start's build.
  for (const afterMs of [0, 5, 20, 60, 150]) {
    const server = await startTestServer(dir);
    await sleep(afterMs);
    expect(await server.close()).toBe(0);
  }
  // A process that ends takes a moment to be gone.
  for (let waited = 0; processesIn(dir).length && waited < 2000; waited += 50) await sleep(50);
  expect(processesIn(dir)).toEqual([]);
});
