import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { launchChromium } from '../helpers/browser.js';
import { startStaticSite, type TestNginx } from '../helpers/nginx.js';
import { copySample, removeWorkspaces } from '../helpers/workspace.js';

let browser: Browser;
const running: TestNginx[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const nginx of running) await nginx.stop();
  await browser?.close();
  removeWorkspaces();
});

const kit = (args: string[], cwd: string) => kitSync(args, { cwd });

/** nginx serving `dist` as docs/deploy.md configures it; its address. */
async function serve(dist: string): Promise<string> {
  const site = await startStaticSite(dist);
  running.push(site);
  return site.url;
}

test('kit build writes dist/index.html: behind nginx the page runs the entry and its modules\' stylesheets apply', async () => {
  const dir = copySample('shop');
  const built = kit(['build'], dir);
  expect(built.status, built.stderr).toBe(0);
  const html = readFileSync(join(dir, 'dist', 'index.html'), 'utf8');
  expect(html).not.toContain('@kit/runtime');
  const page = await browser.newPage();
  await page.goto(await serve(join(dir, 'dist')));
  await page.waitForSelector('.buy-button');
  expect(await page.textContent('#summary')).toBe('2 items, $24.49 in total');
  // The button's stylesheet (and the tokens it imports) applies, not the browser's own button style.
  const style = await page.evaluate(() => {
    const { backgroundColor, borderTopLeftRadius } = getComputedStyle(document.querySelector('.buy-button')!);
    return { backgroundColor, borderTopLeftRadius };
  });
  expect(style).toEqual({ backgroundColor: 'rgb(37, 99, 235)', borderTopLeftRadius: '6px' });
  await page.close();
});

test('the quick start, as written: a created workspace, built, served by nginx, renders; its own index.html is the template', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'kit-quick-'));
  expect(kit(['create', 'my-site'], parent).status).toBe(0);
  const dir = join(parent, 'my-site');
  writeFileSync(join(dir, 'index.html'), readFileSync(join(dir, 'index.html'), 'utf8').replace('<body>', '<body>\n    <p id="mine">kept from the workspace page</p>'));
  expect(kit(['build'], dir).status).toBe(0);
  // The README's next step: a file of one's own beside the emit, which the next build keeps.
  writeFileSync(join(dir, 'dist', 'robots.txt'), 'User-agent: *\n');
  const again = kit(['build'], dir);
  expect(again.status, again.stderr).toBe(0);
  expect(again.stdout).toContain('kept dist/robots.txt (not written by kit build)');
  const url = await serve(join(dir, 'dist'));
  const page = await browser.newPage();
  await page.goto(url);
  await expect.poll(() => page.textContent('h1')).toBe('Hello, @my-site/app/main!');
  expect(await page.textContent('#mine')).toBe('kept from the workspace page');
  // The created template names its entry: kit added no second module script.
  expect(await page.evaluate(() => document.querySelectorAll('script[type=module]').length)).toBe(1);
  expect(await (await fetch(`${url}robots.txt`)).text()).toBe('User-agent: *\n');
  await page.close();
});
