import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { useChromium } from '../helpers/browser.js';
import { useServer } from '../helpers/server.js';
import { writeFiles } from '../helpers/workspace.js';

const parent = mkdtempSync(join(tmpdir(), 'kit-starter-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** A workspace as `kit create site --example` writes it, served by a real `kit run`. */
const served = useServer(() => {
  const created = kitSync(['create', 'site', '--example'], { cwd: parent });
  if (created.status !== 0) throw new Error(created.stderr);
  return join(parent, 'site');
});
const chromium = useChromium();

const STYLES = 'packages/app/main/styles.css';
const MAIN = 'packages/app/main/index.ts';

async function openPreview(): Promise<Page> {
  const page = await chromium.browser.newPage({ colorScheme: 'light' });
  await page.goto(new URL('/preview/', served.server.url).href);
  await page.waitForFunction(() => (window as unknown as { __kit?: { events: EventSource } }).__kit?.events.readyState === 1);
  await page.waitForSelector('.counter');
  return page;
}

const style = (page: Page, selector: string, property: string) =>
  page.evaluate(([selector, property]) => getComputedStyle(document.querySelector(selector)!).getPropertyValue(property), [selector, property]);

test('the starter is a centred card in the system font, light or dark as the system is, and its counter counts', async () => {
  const page = await openPreview();
  expect(await page.textContent('h1')).toBe('Hello, @site/app/main!');
  expect(await style(page, 'body', 'font-family')).toMatch(/^system-ui/);
  const card = (await page.locator('.card').boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(Math.abs(card.x + card.width / 2 - width / 2)).toBeLessThan(1);
  expect(await page.textContent('.card')).toContain(`Edit ${STYLES} and save`);
  expect(await page.textContent('.card')).toContain(`Edit ${MAIN} and save`);

  const light = await style(page, 'body', 'background-color');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await style(page, 'body', 'background-color')).not.toBe(light);
  await page.emulateMedia({ colorScheme: 'light' });

  expect(await page.textContent('.counter')).toBe('count is 0');
  for (let i = 0; i < 3; i++) await page.click('.counter');
  expect(await page.textContent('.counter')).toBe('count is 3');
  await page.close();
});

test('a saved stylesheet applies in place (the count stays); a saved module reloads the page (the count starts again)', async () => {
  const page = await openPreview();
  await page.click('.counter');
  await page.click('.counter');
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const styles = readFileSync(join(served.dir, STYLES), 'utf8');
  writeFiles(served.dir, { [STYLES]: styles.replace('.counter {', '.counter {\n  outline-color: rgb(1, 2, 3);') });
  await expect.poll(() => style(page, '.counter', 'outline-color'), { timeout: 15_000 }).toBe('rgb(1, 2, 3)');
  expect(await page.getAttribute('link[data-kit-styles="@site/app@0.1.0/main"]', 'href')).toContain('/u/');
  expect(await page.textContent('.counter')).toBe('count is 2');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  const main = readFileSync(join(served.dir, MAIN), 'utf8');
  writeFiles(served.dir, { [MAIN]: main.replace('`Hello, ${name}!`', '`Welcome, ${name}!`') });
  await page.waitForSelector('h1:text-is("Welcome, @site/app/main!")', { timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBeUndefined();
  expect(await page.textContent('.counter')).toBe('count is 0');
  // The edited stylesheet came back with the reload.
  expect(await style(page, '.counter', 'outline-color')).toBe('rgb(1, 2, 3)');
  await page.close();
});
