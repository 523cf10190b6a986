import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, expect, test } from 'vitest';
import { DEV, startTestServer, type TestServer } from '../helpers/server.js';
import { REPO, copySample, removeWorkspaces } from '../helpers/workspace.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  removeWorkspaces();
});

test('a fixed kit.json gets its "fixed" line, as a fixed module does', async () => {
  const dir = copySample('shop');
  server = await startTestServer(dir);
  await fetch(new URL('/state', server.url));
  const good = readFileSync(join(dir, 'kit.json'), 'utf8');
  writeFileSync(join(dir, 'kit.json'), '{ "packages": ["packages/app", "packages/gone"] }\n');
  await expect.poll(server.stderr, { timeout: 15_000 }).toContain('✗ kit.json:1:32 MANIFEST_INVALID');
  writeFileSync(join(dir, 'kit.json'), good);
  await expect.poll(server.stderr, { timeout: 15_000 }).toContain('✓ kit.json fixed\n');
});

test('a manifest an editor truncates and then writes is never reported as empty', async () => {
  const dir = copySample('shop');
  server = await startTestServer(dir);
  await fetch(new URL('/state', server.url));
  const file = join(dir, 'packages/ui/button/module.json');
  const text = readFileSync(file, 'utf8');
  for (let i = 0; i < 5; i++) {
    writeFileSync(file, '');
    await new Promise((done) => setTimeout(done, 100));
    writeFileSync(file, text.replace('"web"', i % 2 ? '"web" ' : '"web"'));
    await new Promise((done) => setTimeout(done, 400));
  }
  await fetch(new URL('/state', server.url));
  expect(server.stderr()).not.toContain('empty');
});

test('Ctrl-C at a terminal (SIGINT to the whole process group) exits 0, with nothing from the services kit started', async () => {
  const dir = copySample('shop');
  // A process group of its own, as a terminal's foreground job has.
  const child = spawn(process.execPath, [join(REPO, 'bin', 'kit.js'), 'run', '--port', '0'], { cwd: dir, detached: true, env: { ...process.env, KIT_SERVICE_EXTENSIONS: '@kit-js/packages/development' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  // A module of each bundler built: esbuild's and TypeScript 7's services are running.
  for (const path of [`/m/@shop/ui@0.1.0/modules/button?${DEV}`, `/m/@shop/app@0.1.0/modules/main?${DEV}`]) expect((await fetch(new URL(path, url))).status).toBe(200);
  process.kill(-child.pid!, 'SIGINT');
  const [code] = await once(child, 'exit');
  expect(code).toBe(0);
  await new Promise((done) => setTimeout(done, 300));
  expect(stderr).not.toMatch(/context canceled|\n\s+at /);
});
