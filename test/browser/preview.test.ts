import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { DEV, startTestServer, type TestServer } from '../helpers/server.js';
import { copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';

let browser: Browser;
let server: TestServer;
let page: Page;
let dir: string;

const BUTTON = 'packages/ui/button/styles/button.css';
const TOKENS = 'packages/ui/button/styles/tokens.css';
const buttonCss = (color: string, extra = '') => `@import './tokens.css';\n${extra}.buy-button { background: ${color}; color: white; }\n`;
const background = () => page.evaluate(() => getComputedStyle(document.querySelector('.buy-button')!).backgroundColor);
const border = () => page.evaluate(() => getComputedStyle(document.querySelector('.buy-button')!).borderTopColor);
const overlayText = () => page.evaluate(() => document.getElementById('kit-overlay')?.shadowRoot?.textContent ?? null);

beforeAll(async () => {
  dir = copySample('shop');
  writeFiles(dir, { [BUTTON]: buttonCss('rgb(37, 99, 235)') });
  server = await startTestServer(dir);
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(new URL('/preview/', server.url).href);
  await page.waitForSelector('.buy-button');
  // What must survive a stylesheet swap: a window marker and a DOM node held by reference.
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 42;
    (window as unknown as { held: Element }).held = document.querySelector('.buy-button')!;
  });
  await page.waitForFunction(() => (window as unknown as { __kit?: { events: EventSource } }).__kit?.events.readyState === 1);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeWorkspaces();
});

const kept = () => page.evaluate(() => (window as unknown as { marker: number }).marker === 42 && (window as unknown as { held: Element }).held === document.querySelector('.buy-button') && document.contains((window as unknown as { held: Element }).held));

test('the preview runs the entry module and shows its imported SVG', async () => {
  expect(await page.textContent('#summary')).toBe('2 items, $24.49 in total');
  expect(await page.textContent('#about h2')).toBe('About the shop'); // built by the example's Markdown bundler
  const width = await page.evaluate(() => (document.querySelector('.buy-button__icon') as HTMLImageElement).naturalWidth);
  expect(width).toBe(24);
  expect(await background()).toBe('rgb(37, 99, 235)');
});

test('a stylesheet edit applies without navigation', async () => {
  writeFiles(dir, { [BUTTON]: buttonCss('rgb(220, 38, 38)') });
  await expect.poll(background, { timeout: 10_000 }).toBe('rgb(220, 38, 38)');
  expect(await kept()).toBe(true);
  expect(await page.locator('link[data-kit-styles]').count()).toBe(1);
});

test('a burst of edits 20 ms apart ends on the last one', async () => {
  const colors = ['rgb(1, 1, 1)', 'rgb(2, 2, 2)', 'rgb(3, 3, 3)', 'rgb(4, 4, 4)', 'rgb(220, 38, 38)'];
  for (const color of colors) {
    writeFiles(dir, { [BUTTON]: buttonCss(color) });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await expect.poll(background, { timeout: 10_000 }).toBe('rgb(220, 38, 38)');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await background()).toBe('rgb(220, 38, 38)');
  expect(await kept()).toBe(true);
});

test('an edit to an @imported partial applies too', async () => {
  writeFiles(dir, { [BUTTON]: buttonCss('rgb(220, 38, 38)', '.buy-button { border: 2px solid var(--edge); }\n'), [TOKENS]: ':root { --accent: rgb(37, 99, 235); --radius: 6px; --edge: rgb(0, 128, 0); }\n' });
  await expect.poll(border, { timeout: 10_000 }).toBe('rgb(0, 128, 0)');
  writeFiles(dir, { [TOKENS]: ':root { --accent: rgb(37, 99, 235); --radius: 6px; --edge: rgb(255, 165, 0); }\n' });
  await expect.poll(border, { timeout: 10_000 }).toBe('rgb(255, 165, 0)');
  expect(await kept()).toBe(true);
});

test('a broken stylesheet: 422 naming the file, the page keeps its style and shows the overlay; fixed, both recover', async () => {
  writeFiles(dir, { [BUTTON]: `@import './tokens.css';\n@import './missing.css';\n.buy-button { background: rgb(0, 0, 0); }\n` });
  await expect.poll(overlayText, { timeout: 10_000 }).toContain('BUNDLE_ERROR');
  expect(await overlayText()).toContain(`${BUTTON}:2`);
  const response = await fetch(new URL(`/m/@shop/ui@0.1.0/styles/button?${DEV}`, server.url));
  expect(response.status).toBe(422);
  const body = (await response.json()) as { error: { code: string; diagnostics: { code: string; message: string; file: string }[] } };
  expect(body.error.code).toBe('BUILD_FAILED');
  expect(body.error.diagnostics[0]).toMatchObject({ code: 'BUNDLE_ERROR', file: BUTTON });
  expect(body.error.diagnostics[0].message).toContain('missing.css');
  expect(await background()).toBe('rgb(220, 38, 38)');

  writeFiles(dir, { [BUTTON]: buttonCss('rgb(22, 163, 74)') });
  await expect.poll(background, { timeout: 10_000 }).toBe('rgb(22, 163, 74)');
  await expect.poll(overlayText, { timeout: 10_000 }).toBeNull();
  expect(await kept()).toBe(true);
});

const CART = 'packages/app/main/cart.ts';
const cart = (words: string) => `export interface CartLine { name: string; cents: number }\nexport function describeCart(lines: readonly CartLine[], format: (c: number) => string): string {\n  return \`\${lines.length} ${words}, \${format(lines.reduce((s, l) => s + l.cents, 0))}\`;\n}\n`;

test('a code change that fails does not reload: the overlay shows why and the page keeps running', async () => {
  writeFiles(dir, { [CART]: 'export function describeCart(lines: number): string { return lines; }\n' });
  await expect.poll(overlayText, { timeout: 15_000 }).toContain('TS2322');
  expect(await kept()).toBe(true);
});

test('a code change whose build is valid reloads the page, which runs the new code', async () => {
  writeFiles(dir, { [CART]: cart('lines') });
  await page.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined, undefined, { timeout: 15_000 });
  await expect.poll(() => page.textContent('#summary'), { timeout: 15_000 }).toBe('2 lines, $24.49');
  expect(await overlayText()).toBeNull();
  await page.waitForFunction(() => (window as unknown as { __kit?: { events: EventSource } }).__kit?.events.readyState === 1);
});

test('with --no-reload, a code change asks for a reload instead', async () => {
  const asking = await startTestServer(dir, { args: ['--no-reload'] });
  const other = await browser.newPage();
  try {
    await other.goto(new URL('/preview/', asking.url).href);
    await other.waitForFunction(() => (window as unknown as { __kit?: { events: EventSource } }).__kit?.events.readyState === 1);
    await other.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    writeFiles(dir, { [CART]: cart('lines!') });
    await expect.poll(() => other.evaluate(() => document.getElementById('kit-reload')?.textContent ?? null), { timeout: 15_000 }).toContain('reload to apply');
    expect(await other.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(7);
  } finally {
    await other.close();
    await asking.close();
    writeFiles(dir, { [CART]: cart('lines') });
  }
  await expect.poll(() => page.textContent('#summary'), { timeout: 15_000 }).toBe('2 lines, $24.49');
  await page.waitForFunction(() => (window as unknown as { __kit?: { events: EventSource } }).__kit?.events.readyState === 1);
});

test('after the service restarts, the page reconnects and stylesheet edits apply again', async () => {
  const port = Number(new URL(server.url).port);
  await server.close();
  server = await startTestServer(dir, { port });
  // The new run's log does not hold the page's cursor: the runtime resyncs by reloading.
  await page.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined && (window as unknown as { __kit?: { events: EventSource } }).__kit?.events.readyState === 1, undefined, { timeout: 15_000 });
  expect(await page.textContent('#summary')).toBe('2 lines, $24.49');
  writeFiles(dir, { [BUTTON]: buttonCss('rgb(147, 51, 234)') });
  await expect.poll(background, { timeout: 10_000 }).toBe('rgb(147, 51, 234)');
});
