import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { useSampleServer } from '../helpers/server.js';
import { writeFiles } from '../helpers/workspace.js';

const shop = useSampleServer();
const url = (path: string) => new URL(path, shop.server.url);
const put = (packages: unknown, headers: Record<string, string> = {}) =>
  fetch(url('/development/selection'), { method: 'PUT', body: JSON.stringify({ packages }), headers: { 'content-type': 'application/json', ...headers } });
const kit = (...args: string[]) => kitSync([...args, '--cwd', shop.dir]);
type EntryList = { cdn: object; selection: { explicit: boolean; packages: string[] }; modules: { specifier: string; source: string; url?: string; reason?: { code: string } }[]; importmap: { imports: Record<string, string> }; diagnostics: { code: string }[] };
const entryList = async () => (await (await fetch(url('/preview/entry.json'))).json()) as EntryList;


describe('the development selection (CONTRACT §7)', () => {
  test('without a selection every workspace package is in development', async () => {
    expect(await (await fetch(url('/development/selection'))).json()).toEqual({ explicit: false, packages: ['@shop/app', '@shop/content', '@shop/ui', '@shop/util'] });
  });

  test('PUT stores it atomically in .kit/, which git ignores; entry.json reflects it', async () => {
    const response = await put(['@shop/app', '@shop/ui']);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ explicit: true, packages: ['@shop/app', '@shop/ui'] });
    expect(JSON.parse(readFileSync(join(shop.dir, '.kit/development/selection.json'), 'utf8'))).toEqual({ packages: ['@shop/app', '@shop/ui'] });
    expect(readFileSync(join(shop.dir, '.kit/.gitignore'), 'utf8')).toBe('*\n');
    expect((await entryList()).selection).toEqual({ explicit: true, packages: ['@shop/app', '@shop/ui'] });
  });

  test('a package not in development, with no CDN origin: unresolved with PREVIEW_CDN_UNSET, and the page still renders', async () => {
    const list = await entryList();
    const util = list.modules.find((m) => m.specifier === '@shop/util/format')!;
    expect(util).toMatchObject({ source: 'unresolved', reason: { code: 'PREVIEW_CDN_UNSET' } });
    expect(list.importmap.imports['@shop/util/format']).toBeUndefined();
    expect(list.diagnostics.map((d) => d.code)).toContain('PREVIEW_CDN_UNSET');
    const page = await fetch(url('/preview/'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('PREVIEW_CDN_UNSET');
  });

  test('an unknown package: 400 SELECTION_INVALID naming it, and nothing changes', async () => {
    const response = await put(['@shop/app', '@shop/nope']);
    expect(response.status).toBe(400);
    const error = ((await response.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('SELECTION_INVALID');
    expect(error.message).toContain('@shop/nope');
    expect((await entryList()).selection.packages).toEqual(['@shop/app', '@shop/ui']);
  });

  test('a change from another origin, or from an opaque one, is refused', async () => {
    for (const origin of ['http://evil.example', 'null']) {
      const response = await put(['@shop/app'], { Origin: origin });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('CROSS_SITE_FORBIDDEN');
    }
    expect((await entryList()).selection.packages).toEqual(['@shop/app', '@shop/ui']);
  });

  test('kit select from the shell: the service sees it on its next request and announces selection.changed', async () => {
    const controller = new AbortController();
    const events = await fetch(url('/events'), { signal: controller.signal });
    const reader = events.body!.getReader();
    let text = '';
    while (!text.includes('event: subscribed')) text += new TextDecoder().decode((await reader.read()).value);
    const selected = kit('select', '@shop/util');
    expect(selected.status).toBe(0);
    expect(selected.stdout).toContain('in development: @shop/util');
    while (!text.includes('event: selection.changed')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(text).toMatch(/event: selection\.changed\ndata: \{"explicit":true,"packages":\["@shop\/util"\]\}/);
    expect((await entryList()).selection.packages).toEqual(['@shop/util']);
  });

  test('kit select refuses unknown packages; kit select --reset and DELETE forget the selection', async () => {
    const refused = kit('select', '@shop/ghost');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('@shop/ghost');
    expect(kit('select', '--reset').status).toBe(0);
    expect((await entryList()).selection.explicit).toBe(false);
    await put(['@shop/ui']);
    const deleted = await fetch(url('/development/selection'), { method: 'DELETE' });
    expect(await deleted.json()).toEqual({ explicit: false, packages: ['@shop/app', '@shop/content', '@shop/ui', '@shop/util'] });
  });
});

test('two browser modules that nothing imports: /preview/ answers 409 PREVIEW_ENTRY_REQUIRED with the candidates', async () => {
  writeFiles(shop.dir, { 'packages/ui/banner/module.json': { platforms: ['web'], entry: 'index.ts' }, 'packages/ui/banner/index.ts': 'export const banner = 1;\n' });
  const response = await fetch(url('/preview/'));
  expect(response.status).toBe(409);
  const error = ((await response.json()) as { error: { code: string; candidates: string[] } }).error;
  expect(error.code).toBe('PREVIEW_ENTRY_REQUIRED');
  expect(error.candidates.sort()).toEqual(['@shop/app/main', '@shop/ui/banner']);
  expect((await fetch(url('/preview/?entry=@shop/app/main'))).status).toBe(200);
});

test('a module that fails to build still imports what its sources import: what it imports is no entry candidate', async () => {
  writeFiles(shop.dir, {
    'packages/ui/banner/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/ui/banner/index.ts': 'export const banner = 1;\n',
    'packages/ui/hero/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/ui/hero/index.ts': "import { banner } from '@shop/ui/banner';\nexport const hero = banner +;\n",
  });
  const response = await fetch(url('/preview/'));
  expect(response.status).toBe(409);
  const error = ((await response.json()) as { error: { code: string; candidates: string[] } }).error;
  expect(error.candidates.sort()).toEqual(['@shop/app/main', '@shop/ui/hero']);
});

describe('packages outside the workspace', () => {
  test('declared with a range and not installed: PREVIEW_VERSION_UNRESOLVED; with an exact version and no CDN: PREVIEW_CDN_UNSET', async () => {
    writeFiles(shop.dir, {
      'packages/util/clock/module.json': { platforms: ['web'], entry: 'index.ts' },
      'packages/util/clock/index.ts': "import dayjs from 'not-installed-anywhere';\nimport pin from 'pinned-not-installed';\nexport const now = () => [dayjs, pin];\n",
      'packages/util/package.json': { name: '@shop/util', version: '0.1.0', private: true, kit: { modules: '.', bundler: 'esbuild' }, dependencies: { 'not-installed-anywhere': '^1.0.0', 'pinned-not-installed': '2.0.0' } },
    });
    const list = (await (await fetch(url('/preview/entry.json?entry=@shop/util/clock'))).json()) as EntryList;
    expect(list.modules.find((m) => m.specifier === 'not-installed-anywhere')).toMatchObject({ source: 'unresolved', reason: { code: 'PREVIEW_VERSION_UNRESOLVED' } });
    expect(list.modules.find((m) => m.specifier === 'pinned-not-installed')).toMatchObject({ source: 'unresolved', version: '2.0.0', reason: { code: 'PREVIEW_CDN_UNSET' } });
  });
});
