import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { DEV, startTestServer } from '../helpers/server.js';
import { REPO, copySample, removeWorkspaces } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

const KIT = join(REPO, 'bin', 'kit.js');

/** Every file below `dir` with its content: equal listings mean the same emit. */
function contents(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) if (statSync(join(dir, name)).isFile()) files[name] = readFileSync(join(dir, name), 'utf8');
  return files;
}

describe('kit build killed (SIGKILL) at several moments', () => {
  test('leaves --out as the previous emit or a complete new one, and the next build recovers', async () => {
    const dir = copySample('shop');
    const env = { ...process.env, KIT_CACHE_DIR: 'off' };
    expect(spawnSync(process.execPath, [KIT, 'build'], { cwd: dir, env }).status).toBe(0);
    const previous = contents(join(dir, 'dist'));
    // A change that makes the next emit differ from the previous one.
    const format = join(dir, 'packages/util/format/index.ts');
    writeFileSync(format, `${readFileSync(format, 'utf8')}\nexport const killed = 'new';\n`);
    const started = Date.now();
    expect(spawnSync(process.execPath, [KIT, 'build', '--out', 'fresh'], { cwd: dir, env }).status).toBe(0);
    const took = Date.now() - started;
    const next = contents(join(dir, 'fresh'));
    const outcomes: string[] = [];
    // Moments through a build as long as the one just measured (a loaded machine is slower throughout).
    for (const ms of [0.03, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1.5].map((f) => Math.round(f * took))) {
      const child = spawn(process.execPath, [KIT, 'build'], { cwd: dir, env, stdio: 'ignore' });
      const exited = once(child, 'exit');
      await new Promise((done) => setTimeout(done, ms));
      child.kill('SIGKILL');
      await exited;
      const now = JSON.stringify(contents(join(dir, 'dist')));
      const which = now === JSON.stringify(previous) ? 'previous' : now === JSON.stringify(next) ? 'new' : 'other';
      expect(which, `killed after ${ms} ms`).not.toBe('other');
      outcomes.push(which);
    }
    expect(outcomes[0], 'killed as it started').toBe('previous');
    expect(spawnSync(process.execPath, [KIT, 'build'], { cwd: dir, env }).status).toBe(0);
    expect(contents(join(dir, 'dist'))).toEqual(next);
    expect(readdirSync(dir).filter((name) => name.includes('.kit-'))).toEqual([]);
  });
});

interface State { modules: { specifier: string; status: string; hash?: string; diagnostics?: { code: string }[] }[] }
const stateOf = async (url: string) => ((await (await fetch(new URL('/state', url))).json()) as State).modules;

describe('kit run killed (SIGKILL) while it writes its disk cache', () => {
  test('restarted, it serves exactly what a clean start serves', async () => {
    const dir = copySample('shop');
    const cache = join(dir, 'node_modules/.cache/kit-crash');
    const clean = await startTestServer(dir, { env: { KIT_CACHE_DIR: 'off' } });
    const expected = await stateOf(clean.url);
    const code = async (url: string) => Promise.all(expected.map(async (m) => (await fetch(new URL(`/m/${m.specifier.replace(/^(@[^/]+\/[^/]+)\//, '$1@0.1.0/modules/')}?${DEV}`, url))).text()));
    const expectedCode = await code(clean.url);
    await clean.close();
    for (const ms of [100, 300, 600]) {
      const killed = await startTestServer(dir, { env: { KIT_CACHE_DIR: cache } });
      // The first judgement writes an entry per module: killed part way through it.
      void fetch(new URL('/state', killed.url)).catch(() => undefined);
      await new Promise((done) => setTimeout(done, ms));
      killed.process.kill('SIGKILL');
      await killed.close();
      const restarted = await startTestServer(dir, { env: { KIT_CACHE_DIR: cache } });
      try {
        expect(await stateOf(restarted.url)).toEqual(expected);
        expect(await code(restarted.url)).toEqual(expectedCode);
      } finally {
        await restarted.close();
      }
    }
  });
});

describe("TypeScript 7's process killed under a running service", () => {
  test('verdicts resume with a new process, and the page is told of the next one', async () => {
    const dir = copySample('shop');
    const server = await startTestServer(dir, { env: { KIT_CACHE_DIR: 'off' } });
    try {
      expect((await stateOf(server.url)).every((m) => m.status === 'valid')).toBe(true);
      const tsc = spawnSync('pgrep', ['-P', String(server.process.pid), '-f', 'tsc --api'], { encoding: 'utf8' }).stdout.trim();
      expect(tsc).toMatch(/^\d+$/);
      process.kill(Number(tsc), 'SIGKILL');
      const events = await fetch(new URL('/events', server.url));
      const reader = events.body!.getReader();
      const cart = join(dir, 'packages/app/main/cart.ts');
      writeFileSync(cart, `${readFileSync(cart, 'utf8')}\nexport const broken: number = 'no';\n`);
      let received = '';
      while (!/"status":"invalid"/.test(received)) received += new TextDecoder().decode((await reader.read()).value);
      await reader.cancel();
      expect(received).toContain('TS2322');
      const main = (await stateOf(server.url)).find((m) => m.specifier === '@shop/app/main')!;
      expect(main.diagnostics?.map((d) => d.code)).toEqual(['TS2322']);
    } finally {
      await server.close();
    }
  });
});
