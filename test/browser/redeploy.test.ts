import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { CHROMIUM } from '../helpers/browser.js';
import { deployConfig, freePort, startNginx, startStaticSite, substitute, type TestNginx } from '../helpers/nginx.js';
import { copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';

// A returning visitor: Chromium with a cache on disk that outlives the page, in front of
// nginx configured as docs/deploy.md says, and of a caching proxy (docs/deploy.md's) before it.
let context: BrowserContext;
let profile: string;
let dir: string;
let site: TestNginx;
let proxy: TestNginx;
let siteUrl: string;
let proxyUrl: string;

const build = () => {
  const built = kitSync(['build', '--cwd', dir]);
  expect(built.status, built.stderr).toBe(0);
};

beforeAll(async () => {
  dir = copySample('shop');
  build();
  const served = await startStaticSite(join(dir, 'dist'));
  site = served;
  siteUrl = served.url;
  const front = await freePort();
  proxy = await startNginx((temp) => substitute(deployConfig('cdn'), [['listen 8082;', `listen 127.0.0.1:${front};`], ['/var/cache/nginx/site', `${temp}/cache`], ['http://127.0.0.1:8080', siteUrl.replace(/\/$/, '')]]), front);
  proxyUrl = `http://127.0.0.1:${front}/`;
  profile = mkdtempSync(join(tmpdir(), 'kit-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
});
afterAll(async () => {
  await context?.close();
  await proxy?.stop();
  await site?.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
  removeWorkspaces();
});

/** What a visit shows, and what went wrong on the way (integrity refusals are console errors). */
async function visit(url: string) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(url);
    await page.waitForSelector('#summary', { timeout: 10_000 }).catch(() => undefined);
    return { summary: await page.evaluate(() => document.querySelector('#summary')?.textContent ?? null), errors };
  } finally {
    await page.close();
  }
}

/** The paths nginx was asked for, from its access log. */
const asked = (nginx: TestNginx) => readFileSync(join(nginx.dir, 'access.log'), 'utf8').split('\n').filter(Boolean).map((line) => /"GET ([^ ]+)/.exec(line)?.[1] ?? '');
/** Of those, the modules and stylesheets: addressed by content (assets are revalidated by their plain path). */
const code = (paths: string[]) => paths.filter((path) => path.startsWith('/m/') && !path.includes('/assets/'));

test('a module rebuilt without a version bump reaches a returning visitor, directly and through the proxy, with no integrity error; unchanged files stay cached', async () => {
  for (const url of [siteUrl, proxyUrl]) expect(await visit(url)).toEqual({ summary: '2 items, $24.49 in total', errors: [] });
  // The second visit finds every module in the browser's cache: only the page is asked again.
  const before = asked(site).length;
  expect(await visit(siteUrl)).toEqual({ summary: '2 items, $24.49 in total', errors: [] });
  expect(code(asked(site).slice(before))).toEqual([]);

  writeFiles(dir, { 'packages/util/format/index.ts': readFileSync(join(dir, 'packages/util/format/index.ts'), 'utf8').replace('`${currency}${', '`${currency} ${') });
  build();
  const rebuilt = asked(site).length;
  for (const url of [siteUrl, proxyUrl]) expect(await visit(url)).toEqual({ summary: '2 items, $ 24.49 in total', errors: [] });
  // Asked again: the page (revalidated) and the changed module under its new address; nothing unchanged.
  const again = code(asked(site).slice(rebuilt));
  expect(again.length).toBeGreaterThan(0);
  expect(again.every((path) => path.startsWith('/m/@shop/util@0.1.0/modules/format.js?v='))).toBe(true);
});
