import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openEvents, type Announced } from '../helpers/events.js';
import { DEV, useSampleServer } from '../helpers/server.js';

const shop = useSampleServer();
const get = (path: string) => fetch(new URL(path, shop.server.url));
const FORMAT = 'packages/util/format/index.ts';
const ADDRESS = `/m/@shop/util@0.1.0/modules/format?${DEV}`;
const source = (n: number) => `export function formatPrice(cents: number, currency = '$'): string {\n  return \`\${currency}\${(cents / 100).toFixed(2)}\`;\n}\nexport const save = ${n};\n`;

describe('an edit storm: 60 saves in about a second while requests flow', () => {
  test('no 5xx, the last save is what is served, and no build is announced again after a newer one', async () => {
    const events = await openEvents(shop.server.url);
    const statuses: number[] = [];
    let storming = true;
    const requests = (async () => {
      // Through the storm, and on until a dozen answers are in (a loaded machine answers fewer meanwhile).
      while (storming || statuses.length < 12) statuses.push((await get(ADDRESS)).status, (await get('/state')).status);
    })();
    for (let n = 1; n <= 60; n++) {
      writeFileSync(join(shop.dir, FORMAT), source(n));
      await new Promise((done) => setTimeout(done, 16));
    }
    storming = false;
    await requests;
    await expect.poll(async () => (await get(ADDRESS)).text(), { timeout: 15_000 }).toMatch(/\bsave = 60;/);
    const final = (await get(ADDRESS)).headers.get('etag');
    // Every announcement of the module until the one of what is served now.
    const announced: Announced[] = [];
    for (let last: Announced | undefined; `"${last?.hash}"` !== final; ) announced.push((last = await events.built('@shop/util@0.1.0/format')));
    events.close();
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // A build that was replaced is never announced again: no older build after a newer one.
    const replaced = new Set<string>();
    let current: string | undefined;
    for (const { hash } of announced) {
      expect(replaced.has(hash)).toBe(false);
      if (current !== undefined && hash !== current) replaced.add(current);
      current = hash;
    }
  });
});

describe('odd sources: a verdict or a diagnostic within seconds, never a hang or a crash', () => {
  test('a symlink loop in a package', async () => {
    symlinkSync('..', join(shop.dir, 'packages/ui/button/loop'));
    const state = await get('/state');
    expect(state.status).toBe(200);
    expect((await get(`/m/@shop/ui@0.1.0/modules/button?${DEV}`)).status).toBe(200);
  });

  test('a source of several megabytes', async () => {
    mkdirSync(join(shop.dir, 'packages/util/format'), { recursive: true });
    const big = `${source(0)}export const table = [\n${'  "0123456789abcdef0123456789abcdef0123456789abcdef",\n'.repeat(80_000)}];\n`;
    expect(big.length).toBeGreaterThan(4_000_000);
    writeFileSync(join(shop.dir, FORMAT), big);
    await expect.poll(async () => (await get(ADDRESS)).status, { timeout: 30_000 }).toBe(200);
  });

  test.each([
    ['invalid UTF-8', Buffer.concat([Buffer.from(source(1)), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('\nexport const after = 1;\n')])],
    ['NUL bytes', Buffer.from(`${source(2)}export const nul = 'a\0b';\n\0\0\n`)],
  ])('%s in a source', async (_kind, bytes) => {
    writeFileSync(join(shop.dir, FORMAT), bytes);
    const response = await get(ADDRESS);
    expect([200, 422]).toContain(response.status);
    if (response.status === 422) expect(((await response.json()) as { error: { diagnostics: { file?: string }[] } }).error.diagnostics[0].file).toBe(FORMAT);
    expect((await get('/state')).status).toBe(200);
  });
});
