import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decodeActionResult } from '../../lib/compiler/cache/action-result.js';
import { actionRequests as requests, buildWithRemote as build, logMark as mark, startRemoteCache } from '../helpers/remote-cache.js';
import { copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';

// CONTRACT §8: an action key is the digest of what the output and verdict rest on, as Bazel's.
let nginx: Awaited<ReturnType<typeof startRemoteCache>>;
let url: string;

beforeAll(async () => {
  nginx = await startRemoteCache();
  url = nginx.url;
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

const logMark = () => mark(nginx);
const actionRequests = (prefix: string, since: number) => requests(nginx, prefix, since);

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
