import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, expect, test } from 'vitest';
import { PROD } from '../helpers/server.js';
import { REPO, copySample, removeWorkspaces } from '../helpers/workspace.js';

const running: ChildProcess[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
});
afterAll(removeWorkspaces);

/** The environment with no service extension and no CDN: what `kit dev` must not need. */
function bareEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { KIT_SERVICE_EXTENSIONS: _, KIT_CDN_ORIGIN: __, ...env } = process.env;
  return { ...env, NO_COLOR: '1', ...extra };
}

/** `kit <command> --port 0 <args>` over a copy of the shop: its printed address, port and stderr. */
async function serve(command: 'dev' | 'run', args: string[] = [], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [join(REPO, 'bin', 'kit.js'), command, '--port', '0', '--cwd', copySample('shop'), ...args], { env: bareEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`kit ${command} exited ${code}: ${stderr}`)));
  });
  // The start-up block follows the address on stderr.
  await expect.poll(() => stderr, { timeout: 10_000 }).toContain('press Ctrl+C to stop');
  return { url, port: Number(new URL(url).port), stderr: () => stderr };
}

/** GET `path` from `address:port` with the Host header given (the address's own by default). */
function get(address: string, port: number, path: string, host = `${address}:${port}`): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: address, port, path, headers: { host }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }));
    });
    req.once('error', reject);
    req.end();
  });
}

/** This machine's IPv4 network addresses: where another machine reaches a service on every interface. */
const external = Object.values(networkInterfaces())
  .flatMap((list) => list ?? [])
  .filter((i) => !i.internal && i.family === 'IPv4')
  .map((i) => i.address);

/**
 * Addresses of this machine that are not 127.0.0.1: its network ones, or, with none, 127.0.0.2
 * on Linux (all of 127/8 is loopback there, yet a socket bound to 127.0.0.1 refuses it).
 */
const elsewhere = external.length ? external : process.platform === 'linux' ? ['127.0.0.2'] : [];

test('kit dev serves the preview with no KIT_SERVICE_EXTENSIONS; kit run without it is an origin', async () => {
  const dev = await serve('dev');
  expect(dev.url).toBe(`http://127.0.0.1:${dev.port}/`);
  const preview = await get('127.0.0.1', dev.port, '/preview/');
  expect(preview.status).toBe(200);
  expect(preview.type).toMatch(/^text\/html/);
  expect(preview.body).toContain('<script type="importmap">');
  expect(dev.stderr()).toContain(`➜  Preview: http://127.0.0.1:${dev.port}/preview/`);

  const run = await serve('run');
  const refused = await get('127.0.0.1', run.port, '/preview/');
  expect(refused.status).toBe(404);
  expect(JSON.parse(refused.body).error.code).toBe('EXTENSION_DISABLED');
  expect(run.stderr()).toContain('origin');
});

test.each(['dev', 'run'] as const)('kit %s --host with no value listens on every interface, Host check kept, and prints the Network lines', async (command) => {
  const { url, port, stderr } = await serve(command, ['--host']);
  expect(url).toBe(`http://0.0.0.0:${port}/`);
  expect(stderr()).toContain(`➜  Local:   http://127.0.0.1:${port}/\n`);
  for (const address of external) expect(stderr()).toContain(`➜  Network: http://${address}:${port}/\n`);
  if (!external.length) expect(stderr()).toContain('➜  Network: every interface (0.0.0.0)');

  // Reached through an address other than 127.0.0.1, which a loopback-only service refuses (below).
  expect(elsewhere.length, 'this machine has an address besides 127.0.0.1 to connect through').toBeGreaterThan(0);
  const main = `/m/@shop/app@0.1.0/modules/main?${PROD}`;
  for (const address of elsewhere) expect((await get(address, port, main)).status).toBe(200);
  expect((await get('127.0.0.1', port, main, `localhost:${port}`)).status).toBe(200);
  // DNS rebinding: a name the service was not told to answer is refused, whichever address it came through.
  for (const address of ['127.0.0.1', ...elsewhere]) {
    const foreign = await get(address, port, '/state', 'evil.example');
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).error.code).toBe('HOST_NOT_ALLOWED');
  }
});

test('without --host kit dev is on loopback only, whatever HOST and NODE_ENV say', async () => {
  const { url, port, stderr } = await serve('dev', [], { HOST: '0.0.0.0', NODE_ENV: 'production' });
  expect(url).toBe(`http://127.0.0.1:${port}/`);
  expect(stderr()).not.toContain('Network:');
  expect((await get('127.0.0.1', port, '/state')).status).toBe(200);
  for (const address of elsewhere) await expect(get(address, port, '/state')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
});

test('kit dev --host <name> keeps its meaning: that address alone', async () => {
  const { url, port } = await serve('dev', ['--host', '127.0.0.1']);
  expect(url).toBe(`http://127.0.0.1:${port}/`);
  for (const address of elsewhere) await expect(get(address, port, '/state')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
});

test('kit dev --help lists its options; a mistake is one line and exit 1', () => {
  const help = spawnSync(process.execPath, [join(REPO, 'bin', 'kit.js'), 'dev', '--help'], { encoding: 'utf8', env: bareEnv() });
  expect(help.status).toBe(0);
  expect(help.stdout).toContain('kit dev');
  for (const option of ['--port', '--strict-port', '--host', '--allowed-host', '--extensions', '--reload', '--log-level', '--remote-cache', '--cwd']) expect(help.stdout).toContain(option);
  // yargs wraps the descriptions at the terminal's width.
  expect(help.stdout.replace(/\s+/g, ' ')).toContain('a bare --host listens on every interface (0.0.0.0)');

  const wrong = spawnSync(process.execPath, [join(REPO, 'bin', 'kit.js'), 'dev', '--port', 'many', '--cwd', copySample('shop')], { encoding: 'utf8', env: bareEnv() });
  expect(wrong.status).toBe(1);
  expect(wrong.stderr).toMatch(/^kit dev: --port many is not a port; [^\n]+\n$/);
});
