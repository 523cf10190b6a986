// node bench/remote.js [--packages 20 --modules 5 --shape packages|chain]: a reader's cold `kit build` and first
// /preview/ answer with a remote cache a writer filled (Debian's nginx, WebDAV), against the
// same done locally with an empty cache, in one run. Goals: build ≤ 0.25×, page ≤ 0.5×.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DEFAULT_SHAPE, generateWorkspace, shapeSaid } from './generate.js';

const REPO = resolve(import.meta.dirname, '..');
const KIT = join(REPO, 'bin', 'kit.js');
const arg = (name, fallback) => (process.argv.includes(`--${name}`) ? Number(process.argv[process.argv.indexOf(`--${name}`) + 1]) : fallback);
const size = { packages: arg('packages', 20), modules: arg('modules', 5), shape: process.argv.includes('--shape') ? process.argv[process.argv.indexOf('--shape') + 1] : DEFAULT_SHAPE };
const base = mkdtempSync(join(tmpdir(), 'kit-remote-bench-'));

function nginx(port) {
  const dir = join(base, 'nginx');
  for (const sub of ['cache', 'client_body']) mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(join(dir, 'nginx.conf'), `${process.getuid?.() === 0 ? `user ${userInfo().username};\n` : ''}daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 256; }
http { access_log off; client_body_temp_path ${dir}/client_body;
  server { listen 127.0.0.1:${port}; location / { root ${dir}/cache; dav_methods PUT; create_full_put_path on; client_max_body_size 64m; } } }
`);
  return spawn('/usr/sbin/nginx', ['-p', `${dir}/`, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], { stdio: 'ignore' });
}

const timed = (fn) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};
const env = { ...process.env, KIT_CACHE_DIR: 'off', NO_COLOR: '1' };
const kit = (command, dir, args) => timed(() => {
  const result = spawnSync(process.execPath, [KIT, command, ...args], { cwd: dir, env });
  if (result.status !== 0) throw new Error(`kit ${command} failed: ${result.stderr}`);
});
const build = (dir, args) => kit('build', dir, args);

/** The first /preview/ answer of a fresh `kit run`, in ms. */
async function firstPage(dir, args) {
  const child = spawn(process.execPath, [KIT, 'run', '--port', '0', ...args], { cwd: dir, env: { ...env, KIT_SERVICE_EXTENSIONS: '@kit-js/packages/development' }, stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((done) => createInterface({ input: child.stdout }).once('line', done));
  const start = performance.now();
  const response = await fetch(new URL('/preview/', url));
  await response.text();
  const ms = performance.now() - start;
  child.kill('SIGTERM');
  return ms;
}

/** The parts alone: every object the cache holds fetched (keep-alive, 8 at a time), in ms. */
async function fetchEverything(cacheDir, url) {
  const files = [];
  const walk = (dir) => readdirSync(dir).forEach((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : files.push(relative(cacheDir, join(dir, name)))));
  walk(cacheDir);
  const start = performance.now();
  const queue = [...files];
  await Promise.all(Array.from({ length: 8 }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) await (await fetch(new URL(file, url))).arrayBuffer();
  }));
  return { ms: performance.now() - start, objects: files.length };
}

const port = 20000 + Math.floor(Math.random() * 20000);
const server = nginx(port);
await new Promise((done) => setTimeout(done, 300));
const cache = `http://127.0.0.1:${port}/`;
try {
  const writer = join(base, 'writer');
  generateWorkspace(writer, size);
  const copy = (name) => {
    const dir = join(base, name, 'ws');
    cpSync(writer, dir, { recursive: true });
    return dir;
  };
  const [local, reader, pageLocal, pageReader] = ['local', 'reader', 'page-local', 'page-reader'].map(copy);
  // CI fills the cache: the production builds (kit build) and the development ones kit run serves (kit check).
  build(writer, ['--remote-cache', cache, '--remote-cache-write']);
  kit('check', writer, ['--remote-cache', cache, '--remote-cache-write']);
  const localMs = build(local, []);
  const readerMs = build(reader, ['--remote-cache', cache]);
  // The parts alone: the emit written (a plain `cp -r` of the reader's dist) and the cache's objects fetched.
  const copyMs = timed(() => spawnSync('cp', ['-r', join(reader, 'dist'), join(base, 'dist-copy')]));
  const fetched = await fetchEverything(join(base, 'nginx', 'cache'), cache);
  const localPage = await firstPage(pageLocal, []);
  const readerPage = await firstPage(pageReader, ['--remote-cache', cache]);
  const row = (name, kit, other, goal) => console.log(`${name.padEnd(46)}${kit.toFixed(0).padStart(8)}${other.toFixed(0).padStart(10)}${(kit / other).toFixed(2).padStart(8)}  ≤ ${goal}×: ${kit / other <= goal ? 'met' : 'NOT MET'}`);
  console.log(`\nremote cache on ${size.packages} × ${size.modules}, shape ${size.shape} (${shapeSaid(size.shape)}) (ms; ratio = reader / local cold)`);
  console.log(`${'figure'.padEnd(46)}${'reader'.padStart(8)}${'local'.padStart(10)}${'ratio'.padStart(8)}`);
  row('kit build, cold, from a filled remote cache', readerMs, localMs, 0.25);
  row('first /preview/ of a fresh kit run', readerPage, localPage, 0.5);
  console.log(`the parts alone: cp -r of the emit ${copyMs.toFixed(0)} ms (${(copyMs / localMs).toFixed(2)}× the local cold build); every cache object fetched, ${fetched.objects} of them (development ones too), ${fetched.ms.toFixed(0)} ms; the reader's build is ${(readerMs / copyMs).toFixed(2)}× the copy alone`);
} finally {
  server.kill('SIGQUIT');
  rmSync(base, { recursive: true, force: true });
}
