import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { useChromium } from '../helpers/browser.js';
import { openEvents } from '../helpers/events.js';
import { startStaticSite, type TestNginx } from '../helpers/nginx.js';
import { DEV, startTestServer, type TestServer } from '../helpers/server.js';
import { copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';

// CONTRACT §11, stylesheets that packages export, in a browser: the shadcn-shaped sample, whose
// packages/ui exports ./globals.css (Tailwind 4) and ./button.module.css, and whose app
// (apps/web, a Vite-shaped app) imports both by specifier. In `kit dev` and from dist/ behind nginx.
const chromium = useChromium();
const running: (TestNginx | TestServer)[] = [];
afterAll(async () => {
  for (const service of running.reverse()) await ('stop' in service ? service.stop() : service.close());
  removeWorkspaces();
});

const GLOBALS = 'packages/ui/src/styles/globals.css';
const BUTTON = 'packages/ui/src/styles/button.module.css';
const GLOBALS_VSPECIFIER = '@workspace/ui@0.0.0/globals.css';
const BUTTON_VSPECIFIER = '@workspace/ui@0.0.0/button.module.css';

/** What the sheets set: the CSS Module's rules on the button (by its scoped class), Tailwind's utilities, the theme's background. */
const looks = (page: Page) =>
  page.evaluate(() => {
    const cta = document.querySelector<HTMLElement>('#cta')!;
    const style = getComputedStyle(cta);
    return {
      scoped: [...cta.classList].some((name) => /^_button_[\w-]{5}$/.test(name)),
      border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
      spacing: getComputedStyle(cta.querySelector('span')!).letterSpacing,
      padding: getComputedStyle(document.querySelector('#page')!).paddingTop,
      background: getComputedStyle(document.body).backgroundColor,
    };
  });
const STYLED = { scoped: true, border: '3px solid rgb(12, 34, 56)', spacing: '2px', padding: '24px', background: 'oklch(1 0 0)' };

/** Opens `url`, clicks the button once; every error on the way is collected. */
async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await chromium.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  await page.goto(url);
  await page.locator('#cta').click({ timeout: 15_000 });
  await page.locator('#cta', { hasText: 'clicked 1' }).waitFor({ timeout: 5_000 });
  return { page, errors };
}

const linked = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((l) => new URL(l.href).pathname));

test('kit build in apps/web: the sheets are emitted and listed, and behind nginx the page links them and their rules apply', async () => {
  const dir = copySample('shadcn-monorepo', { insideRepo: true });
  const built = kitSync(['build'], { cwd: join(dir, 'apps', 'web') });
  expect(built.status, built.stderr).toBe(0);
  const dist = join(dir, 'apps', 'web', 'dist');
  const distribution = JSON.parse(readFileSync(join(dist, 'm/@workspace/ui@0.0.0/kit-distribution.json'), 'utf8')) as { modules: { specifier: string; outputs: { file: string }[] }[] };
  expect(distribution.modules.find((m) => m.specifier === '@workspace/ui/globals.css')?.outputs.map((o) => o.file)).toEqual(['modules/globals.css.js', 'styles/globals.css.css']);

  const site = await startStaticSite(dist);
  running.push(site);
  const { page, errors } = await open(site.url);
  try {
    expect(await linked(page)).toEqual(['/m/@workspace/ui@0.0.0/styles/globals.css.css', '/m/@workspace/ui@0.0.0/styles/button.module.css.css']);
    expect(await looks(page)).toEqual(STYLED);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});

describe('kit dev in apps/web', () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = copySample('shadcn-monorepo', { insideRepo: true });
    server = await startTestServer(join(dir, 'apps', 'web'), { command: 'dev' });
    running.push(server);
  });

  test('the preview links both sheets, marked for the live swap, and their rules apply', async () => {
    const { page, errors } = await open(`${server.url}preview/`);
    try {
      expect(await linked(page)).toEqual(['/m/@workspace/ui@0.0.0/styles/globals.css', '/m/@workspace/ui@0.0.0/styles/button.module.css']);
      expect(await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[data-kit-styles]')].map((l) => l.dataset.kitStyles))).toEqual([GLOBALS_VSPECIFIER, BUTTON_VSPECIFIER]);
      expect(await looks(page)).toEqual(STYLED);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test('an edit of globals.css, then of button.module.css, is swapped live: no navigation, the page keeps its state', async () => {
    const { page } = await open(`${server.url}preview/`);
    const events = await openEvents(server.url);
    try {
      await page.waitForFunction(() => (window as unknown as { __kit?: { events: EventSource } }).__kit?.events.readyState === 1);
      await page.evaluate(() => void ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      const globals = readFileSync(join(dir, GLOBALS), 'utf8');
      writeFiles(dir, { [GLOBALS]: globals.replace('--background: oklch(1 0 0);', '--background: rgb(1, 2, 3);') });
      // The announcement carries the sheet's new styles hash; its code (an empty module) did not change.
      const { announced, response } = await events.served(GLOBALS_VSPECIFIER, `/m/${GLOBALS_VSPECIFIER.replace('/globals.css', '')}/styles/globals.css?${DEV}`);
      expect(announced.status).toBe('valid');
      expect(announced.styles).toMatch(/^[0-9a-f]{16}$/);
      expect(await response.text()).toContain('--background: rgb(1, 2, 3);');
      await expect.poll(() => looks(page).then((l) => l.background), { timeout: 15_000 }).toBe('rgb(1, 2, 3)');

      const button = readFileSync(join(dir, BUTTON), 'utf8');
      writeFiles(dir, { [BUTTON]: button.replace('rgb(12, 34, 56)', 'rgb(200, 0, 0)') });
      await expect.poll(() => looks(page).then((l) => l.border), { timeout: 15_000 }).toBe('3px solid rgb(200, 0, 0)');

      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect(await page.locator('#cta').textContent()).toBe('clicked 1');
      expect(await looks(page)).toMatchObject({ scoped: true, padding: '24px', spacing: '2px' });
      const swapped = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[data-kit-styles]')].map((l) => new URL(l.href).pathname));
      expect(swapped).toEqual([expect.stringMatching(/^\/u\/[0-9a-f]{16}\/@workspace\/ui@0\.0\.0\/styles\/globals\.css$/), expect.stringMatching(/^\/u\/[0-9a-f]{16}\/@workspace\/ui@0\.0\.0\/styles\/button\.module\.css$/)]);
    } finally {
      events.close();
      await page.close();
    }
  });
});
