import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { decodeActionResult } from '../../lib/compiler/cache/action-result.js';
import { freePort, startNginx, type TestNginx } from '../helpers/nginx.js';
import { copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';

// CONTRACT §8: an action key is the digest of what the output and verdict rest on, as Bazel's.
let nginx: TestNginx;
let url: string;

beforeAll(async () => {
  const port = await freePort();
  nginx = await startNginx((dir) => `  server {
    listen 127.0.0.1:${port};
    location / { root ${dir}/cache; dav_methods PUT; create_full_put_path on; client_max_body_size 64m; }
  }`, port);
  url = `http://127.0.0.1:${port}/`;
});
afterAll(async () => {
  await nginx?.stop();
  removeWorkspaces();
});

const CART = 'packages/app/main/cart.ts';
const TYPES = 'node_modules/@types/flags/index.d.ts';

/** The shop at a path of its own, typed by an installed `@types/flags` package its cart reads. */
function checkout(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'kit-keys-')), 'shop');
  cpSync(copySample('shop'), dir, { recursive: true });
  const tsconfig = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { compilerOptions: Record<string, unknown> };
  tsconfig.compilerOptions.types = ['flags'];
  writeFiles(dir, {
    'tsconfig.json': tsconfig,
    'node_modules/@types/flags/package.json': { name: '@types/flags', version: '1.0.0', types: 'index.d.ts' },
    [TYPES]: 'declare const SHOP_MODE: string;\n',
    [CART]: `${readFileSync(join(dir, CART), 'utf8')}export const mode: string = SHOP_MODE;\n`,
  });
  return dir;
}

function build(dir: string, args: string[], env: Record<string, string> = {}) {
  const result = kitSync(['build', ...args], { cwd: dir, env: { KIT_CACHE_DIR: 'off', ...env } });
  const counts = /remote cache: (\d+) from it, (\d+) missed(?:, (\d+) uploaded)?/.exec(`${result.stdout}${result.stderr}`);
  return { ...result, hits: Number(counts?.[1] ?? -1), misses: Number(counts?.[2] ?? -1), uploads: Number(counts?.[3] ?? 0) };
}

/** Where nginx's access log ends now: what `actionRequests` reads from. */
const logMark = () => readFileSync(join(nginx.dir, 'access.log'), 'utf8').length;

/** The `ac/` requests nginx answered for `prefix` since `mark`, by status. */
function actionRequests(prefix: string, mark: number): Record<string, number> {
  const log = readFileSync(join(nginx.dir, 'access.log'), 'utf8').slice(mark);
  const statuses: Record<string, number> = {};
  for (const [, status] of log.matchAll(new RegExp(`"GET /${prefix}/ac/[0-9a-f]{64} HTTP/1\\.1" (\\d{3})`, 'g'))) statuses[status] = (statuses[status] ?? 0) + 1;
  return statuses;
}

const files = (dir: string) => Object.fromEntries(readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile()).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
const edit = (dir: string) => writeFiles(dir, { [CART]: `${readFileSync(join(dir, CART), 'utf8')}export const edited = true;\n` });

describe('keys by content', () => {
  test('an edited module is an ac/ 404 before anything is fetched, while the others hit', () => {
    const cache = `${url}edited/`;
    expect(build(checkout(), ['--remote-cache', cache, '--remote-cache-write']).uploads).toBe(6);
    const reader = checkout();
    edit(reader);
    const mark = logMark();
    const read = build(reader, ['--remote-cache', cache]);
    expect(read.status, read.stderr).toBe(0);
    expect([read.hits, read.misses]).toEqual([5, 1]);
    expect(actionRequests('edited', mark)).toEqual({ 200: 5, 404: 1 });
  });

  test('writers on two branches do not evict each other: a reader of each gets every entry', () => {
    const cache = `${url}branches/`;
    expect(build(checkout(), ['--remote-cache', cache, '--remote-cache-write']).status).toBe(0);
    const branch = checkout();
    edit(branch);
    expect(build(branch, ['--remote-cache', cache, '--remote-cache-write']).uploads).toBe(1);
    const onMain = build(checkout(), ['--remote-cache', cache]);
    expect([onMain.hits, onMain.misses]).toEqual([6, 0]);
    const onBranch = checkout();
    edit(onBranch);
    const read = build(onBranch, ['--remote-cache', cache]);
    expect([read.hits, read.misses]).toEqual([6, 0]);
  });
});

describe('an installed declaration file edited (patch-package, a hand edit) is another verdict', () => {
  const breakTypes = (dir: string) => writeFiles(dir, { [TYPES]: 'declare const SHOP_MODE: number;\n' });

  test('from the remote cache: the module misses, and the build fails as a local one does', () => {
    const cache = `${url}types/`;
    expect(build(checkout(), ['--remote-cache', cache, '--remote-cache-write']).status).toBe(0);
    const reader = checkout();
    breakTypes(reader);
    const read = build(reader, ['--remote-cache', cache]);
    expect(read.status).toBe(1);
    expect(read.stderr).toMatch(/packages\/app\/main\/cart\.ts:\d+:\d+ TS2322 /);
    // Every module checked with the type packages misses; the others hit.
    expect(read.misses).toBeGreaterThanOrEqual(1);
    expect(read.hits).toBeGreaterThan(0);
  });

  test('from the local disk cache alone: the second build fails', () => {
    const dir = checkout();
    const disk = join(dir, '..', 'kit-cache');
    mkdirSync(disk);
    expect(build(dir, [], { KIT_CACHE_DIR: disk }).status).toBe(0);
    breakTypes(dir);
    const again = build(dir, [], { KIT_CACHE_DIR: disk });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/packages\/app\/main\/cart\.ts:\d+:\d+ TS2322 /);
  });
});

test("a corrupt inlined output is one warning naming the cache, and the reader writes the writer's exact dist", () => {
  const cache = `${url}corrupt/`;
  const writer = checkout();
  expect(build(writer, ['--remote-cache', cache, '--remote-cache-write']).uploads).toBe(6);
  const ac = join(nginx.dir, 'cache', 'corrupt', 'ac');
  const [first] = readdirSync(ac).sort();
  expect(decodeActionResult(readFileSync(join(ac, first))).every((o) => o.contents)).toBe(true);
  const entry = readFileSync(join(ac, first));
  entry[entry.length - 3] ^= 1;
  writeFileSync(join(ac, first), entry);
  const reader = checkout();
  const read = build(reader, ['--remote-cache', cache]);
  expect(read.status).toBe(0);
  expect([read.hits, read.misses]).toEqual([5, 1]);
  const warnings = read.stderr.split('\n').filter((line) => line.startsWith('warning: remote cache'));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain(`warning: remote cache ${cache}: `);
  expect(files(join(reader, 'dist'))).toEqual(files(join(writer, 'dist')));
});
