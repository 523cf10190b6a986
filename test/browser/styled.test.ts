import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { useChromium } from '../helpers/browser.js';
import { openEvents } from '../helpers/events.js';
import { startStaticSite, type TestNginx } from '../helpers/nginx.js';
import { DEV, useServer } from '../helpers/server.js';
import { copySample, writeFiles } from '../helpers/workspace.js';

// Tailwind 4 through the package's postcss.config.mjs, and a CSS Module, built and served.
const served = useServer(() => copySample('styled', { insideRepo: true }));
const chromium = useChromium();
const running: TestNginx[] = [];
afterAll(async () => {
  for (const nginx of running) await nginx.stop();
});

const VSPECIFIER = '@styled/app@0.1.0/main';
const STYLES = `/m/@styled/app@0.1.0/styles/main?${DEV}`;
const SOURCE = 'packages/app/main/index.ts';
const CARD = 'packages/app/main/Card.module.css';
const CONFIG = 'packages/app/postcss.config.mjs';
let source: string;
let card: string;
let config: string;

beforeAll(() => {
  source = readFileSync(join(served.dir, SOURCE), 'utf8');
  card = readFileSync(join(served.dir, CARD), 'utf8');
  config = readFileSync(join(served.dir, CONFIG), 'utf8');
});

const kit = (args: string[], cwd: string) => kitSync(args, { cwd });

/** What Tailwind's utilities (p-4, font-bold) and the CSS Module (.card, .title) set on the page. */
const looks = (page: Page) =>
  page.evaluate(() => {
    const card = getComputedStyle(document.querySelector('#card')!);
    const title = getComputedStyle(document.querySelector('#title')!);
    return { padding: card.paddingTop, border: card.borderTopWidth, weight: title.fontWeight, color: title.color };
  });
const STYLED = { padding: '16px', border: '3px', weight: '700', color: 'rgb(10, 20, 30)' };

async function openPreview(): Promise<Page> {
  const page = await chromium.browser.newPage();
  await page.goto(new URL('/preview/', served.server.url).href);
  await page.waitForFunction(() => (window as unknown as { __kit?: { events: EventSource } }).__kit?.events.readyState === 1);
  await page.waitForSelector('#title');
  return page;
}

test('kit check takes the CSS Module\'s classes; kit build writes the utilities the sources use and the scoped classes, which apply behind nginx', async () => {
  const dir = copySample('styled', { insideRepo: true });
  const checked = kit(['check'], dir);
  expect(checked.status, checked.stdout + checked.stderr).toBe(0);
  const built = kit(['build'], dir);
  expect(built.status, built.stderr).toBe(0);
  const css = readFileSync(join(dir, 'dist/m/@styled/app@0.1.0/styles/main.css'), 'utf8');
  const code = readFileSync(join(dir, 'dist/m/@styled/app@0.1.0/modules/main.js'), 'utf8');
  const scoped = /card:"(_card_[\w-]{5})"/.exec(code)?.[1];
  expect(scoped).toBeDefined();
  expect(css).toContain('.p-4{');
  expect(css).toContain(`.${scoped}{border-top:3px solid`);

  const site = await startStaticSite(join(dir, 'dist'));
  running.push(site);
  const page = await chromium.browser.newPage();
  await page.goto(site.url);
  await page.waitForSelector('#title');
  expect(await looks(page)).toEqual(STYLED);
  await page.close();
});

test('kit run: the preview applies them, and a class added to a source, or in a new file Tailwind scans, reaches the stylesheet', async () => {
  const page = await openPreview();
  expect(await looks(page)).toEqual(STYLED);
  const events = await openEvents(served.server.url);
  writeFiles(served.dir, { [SOURCE]: source.replace('p-4', 'p-4 mt-7') });
  const edited = await events.served(VSPECIFIER, STYLES);
  expect(await edited.response.text()).toContain('.mt-7 {');
  // The code changed too: the page reloads, with the new stylesheet.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.querySelector('#card')!).marginTop), { timeout: 15_000 }).toBe('28px');

  // A file no code imports, in a new folder: only the stylesheet changes.
  writeFiles(served.dir, { 'packages/app/main/notes/extra.html': '<p class="mt-9">a note</p>\n' });
  const added = await events.served(VSPECIFIER, STYLES);
  expect(await added.response.text()).toContain('.mt-9 {');
  expect(added.announced.hash).toBe(edited.announced.hash);
  events.close();
  await page.close();
});

test('an edit of the CSS Module is swapped live, its classes keeping their scoped names', async () => {
  const page = await openPreview();
  const named = await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
    return document.querySelector('#title')!.className;
  });
  writeFiles(served.dir, { [CARD]: card.replace(/(\.title \{\s*color: )rgb\(10, 20, 30\)/, '$1rgb(200, 0, 0)') });
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.querySelector('#title')!).color), { timeout: 15_000 }).toBe('rgb(200, 0, 0)');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(await page.evaluate(() => document.querySelector('#title')!.className)).toBe(named);
  expect(await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[data-kit-styles="@styled/app@0.1.0/main"]')!.href)).toContain('/u/');
  writeFiles(served.dir, { [CARD]: card });
  await page.close();
});

test('a PostCSS config that does not load: 422 BUILD_FAILED with a BUNDLE_ERROR naming it; fixed, the stylesheet serves again', async () => {
  const events = await openEvents(served.server.url);
  writeFiles(served.dir, { [CONFIG]: "export default { plugins: { 'postcss-no-such-plugin': {} } };\n" });
  const { response } = await events.served(VSPECIFIER, STYLES);
  expect(response.status).toBe(422);
  const { error } = (await response.json()) as { error: { code: string; diagnostics: { code: string; file: string; message: string }[] } };
  expect(error.code).toBe('BUILD_FAILED');
  expect(error.diagnostics).toEqual([expect.objectContaining({ code: 'BUNDLE_ERROR', file: CONFIG, message: expect.stringContaining('postcss-no-such-plugin') })]);
  writeFiles(served.dir, { [CONFIG]: config });
  const fixed = await events.served(VSPECIFIER, STYLES);
  expect(fixed.response.status).toBe(200);
  expect(await fixed.response.text()).toContain('.p-4 {');
  events.close();
});
