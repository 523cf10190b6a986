import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildWithRemote } from '../helpers/remote-cache.js';
import { decodeActionResult, encodeActionResult } from '../../lib/compiler/cache/action-result.js';
import { freePort, startNginx, type TestNginx } from '../helpers/nginx.js';
import { DEV, startTestServer } from '../helpers/server.js';
import { copySample, removeWorkspaces } from '../helpers/workspace.js';

let nginx: TestNginx;
let cache: string;
let writeOnly: string;
let silent: Server;
let silentUrl: string;

beforeAll(async () => {
  const port = await freePort();
  // Bazel's HTTP cache on nginx's WebDAV module, as docs/remote-cache.md configures it; /auth/ takes writes with a password only.
  nginx = await startNginx((dir) => {
    writeFileSync(join(dir, 'htpasswd'), 'ci:{PLAIN}secret\n');
    return `  server {
    listen 127.0.0.1:${port};
    location / { root ${dir}/cache; dav_methods PUT; create_full_put_path on; client_max_body_size 64m; }
    location /auth/ { root ${dir}/cache; dav_methods PUT; create_full_put_path on; limit_except GET HEAD { auth_basic "kit cache"; auth_basic_user_file ${dir}/htpasswd; } }
  }`;
  }, port);
  cache = `http://127.0.0.1:${port}/`;
  writeOnly = `http://127.0.0.1:${port}/auth/`;
  // A server that accepts connections and never answers.
  silent = createServer(() => undefined);
  await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
  silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}/`;
});
afterAll(async () => {
  await nginx?.stop();
  silent?.close();
  removeWorkspaces();
});

/** The shop at a path of its own: two checkouts of one workspace. */
function checkout(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'kit-checkout-')), 'shop');
  cpSync(copySample('shop'), dir, { recursive: true });
  return dir;
}

const build = buildWithRemote;

const files = (dir: string) => Object.fromEntries(readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile()).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
const entries = (kind: 'ac' | 'cas') => readdirSync(join(nginx.dir, 'cache', kind)).sort();

describe('two checkouts of one workspace at different paths', () => {
  const writer = checkout();
  const reader = checkout();

  test('the writer uploads one entry per module and stylesheet; the reader builds nothing and writes the same bytes', () => {
    const wrote = build(writer, ['--remote-cache', cache, '--remote-cache-write']);
    expect(wrote.status, wrote.stderr).toBe(0);
    expect([wrote.hits, wrote.misses, wrote.uploads]).toEqual([0, 6, 6]);
    const read = build(reader, ['--remote-cache', cache]);
    expect(read.status, read.stderr).toBe(0);
    expect([read.hits, read.misses]).toEqual([6, 0]);
    expect(files(join(reader, 'dist'))).toEqual(files(join(writer, 'dist')));
  });

  test('a kit run of the reader answers from it, and says so in Server-Timing', async () => {
    const server = await startTestServer(reader, { env: { KIT_CACHE_DIR: 'off' }, args: ['--remote-cache', cache] });
    try {
      const answer = await fetch(new URL(`/m/@shop/util@0.1.0/modules/format?${DEV.replace('development&min=false&sourcemap=inline', 'production&min=true&sourcemap=none')}`, server.url));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('server-timing')).toBe('cache;desc="remote"');
    } finally {
      await server.close();
    }
  });

  test('it only reads unless told to write: a reader\'s new build uploads nothing', () => {
    const before = entries('ac');
    writeFileSync(join(reader, 'packages/util/format/index.ts'), `${readFileSync(join(reader, 'packages/util/format/index.ts'), 'utf8')}\nexport const readerOnly = 1;\n`);
    const read = build(reader, ['--remote-cache', cache]);
    expect(read.status).toBe(0);
    expect(read.misses).toBeGreaterThan(0);
    expect(entries('ac')).toEqual(before);
  });

  test('a failed module\'s verdict comes from the cache as the local check gives it', () => {
    const cart = readFileSync(join(writer, 'packages/app/main/cart.ts'), 'utf8');
    const broken = (dir: string) => writeFileSync(join(dir, 'packages/app/main/cart.ts'), `${cart}\nexport const broken: number = 'no';\n`);
    broken(writer);
    const wrote = build(writer, ['--remote-cache', cache, '--remote-cache-write']);
    expect(wrote.status).toBe(1);
    broken(reader);
    const read = build(reader, ['--remote-cache', cache]);
    expect(read.status).toBe(1);
    expect(read.hits).toBeGreaterThan(0);
    const diagnostics = (text: string) => text.split('\n').filter((l) => / TS\d+ /.test(l));
    expect(diagnostics(read.stderr)).toEqual(diagnostics(wrote.stderr));
    expect(diagnostics(read.stderr)[0]).toMatch(/^packages\/app\/main\/cart\.ts:\d+:\d+ TS2322 /);
  });
});

describe('nothing unverified is used', () => {
  test('a flipped byte in an inlined blob or a CAS blob, and an AC entry copied over another, are misses; an entry without inlined blobs is read from /cas/', () => {
    const writer = checkout();
    const at = (kind: string, name = '') => join(nginx.dir, 'cache', 'tampered', kind, name);
    expect(build(writer, ['--remote-cache', `${cache}tampered/`, '--remote-cache-write']).uploads).toBe(6);
    const [first, second, third, fourth] = readdirSync(at('ac')).sort();
    // Small entries carry their blobs inline.
    expect(decodeActionResult(readFileSync(at('ac', first))).every((o) => o.contents)).toBe(true);
    // The first entry's result stored under the second's key; then a byte of the first's inlined value flipped
    // (the JSON still parses: only its digest tells).
    writeFileSync(at('ac', second), readFileSync(at('ac', first)));
    const entry = readFileSync(at('ac', first));
    entry[entry.lastIndexOf('"code":"') + 12] ^= 1;
    writeFileSync(at('ac', first), entry);
    // The third and fourth as entries too large to inline: read from /cas/, the third's value blob damaged there.
    const listed = (name: string) => decodeActionResult(readFileSync(at('ac', name)));
    for (const name of [third, fourth]) writeFileSync(at('ac', name), encodeActionResult(listed(name).map(({ contents: _inline, ...output }) => output)));
    const blob = at('cas', listed(third)[1].hash);
    const bytes = readFileSync(blob);
    bytes[bytes.length >> 1] ^= 1;
    writeFileSync(blob, bytes);
    const reader = checkout();
    const read = build(reader, ['--remote-cache', `${cache}tampered/`]);
    expect(read.status).toBe(0);
    expect([read.hits, read.misses]).toEqual([3, 3]);
    expect(files(join(reader, 'dist'))).toEqual(files(join(writer, 'dist')));
  });

  test('a reader whose tsconfig differs misses the ts modules', () => {
    const reader = checkout();
    const tsconfig = readFileSync(join(reader, 'tsconfig.json'), 'utf8');
    writeFileSync(join(reader, 'tsconfig.json'), tsconfig.replace('"compilerOptions": {', '"compilerOptions": {\n    "noUnusedParameters": false,'));
    expect(readFileSync(join(reader, 'tsconfig.json'), 'utf8')).not.toBe(tsconfig);
    const read = build(reader, ['--remote-cache', cache]);
    expect(read.status).toBe(0);
    expect(read.misses).toBeGreaterThanOrEqual(2);
  });

  test('signed entries: a reader with another key misses all, one with the key hits', () => {
    const writer = checkout();
    expect(build(writer, ['--remote-cache', `${cache}signed/`, '--remote-cache-write'], { KIT_REMOTE_CACHE_SIGNATURE_KEY: 'team-key' }).uploads).toBe(6);
    expect(build(checkout(), ['--remote-cache', `${cache}signed/`], { KIT_REMOTE_CACHE_SIGNATURE_KEY: 'another' }).hits).toBe(0);
    expect(build(checkout(), ['--remote-cache', `${cache}signed/`], { KIT_REMOTE_CACHE_SIGNATURE_KEY: 'team-key' }).hits).toBe(6);
  });
});

describe('the cache never fails or holds up a command', () => {
  test.each([
    ['a closed port', () => `http://127.0.0.1:9/`],
    ['a server that never answers', () => silentUrl],
  ])('%s: the build succeeds with the same output and one warning naming the cache', (_kind, url) => {
    const dir = checkout();
    const result = build(dir, ['--remote-cache', url()]);
    expect(result.status, result.stderr).toBe(0);
    const warnings = result.stderr.trim().split('\n');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^warning: remote cache ${url().replace(/[.]/g, '\\.')}: `));
  });

  test('a write refused (401 without the password) is one warning; with it in the URL, on loopback, entries are written', () => {
    const refused = build(checkout(), ['--remote-cache', writeOnly, '--remote-cache-write']);
    expect(refused.status).toBe(0);
    expect(refused.stderr).toMatch(/answered 401/);
    expect(refused.uploads).toBe(0);
    const allowed = build(checkout(), ['--remote-cache', writeOnly.replace('http://', 'http://ci:secret@'), '--remote-cache-write']);
    expect(allowed.status).toBe(0);
    expect(allowed.uploads).toBe(6);
  });
});
