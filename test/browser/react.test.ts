import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { useChromium } from '../helpers/browser.js';
import { startStaticSite, type TestNginx } from '../helpers/nginx.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { copySample, removeWorkspaces } from '../helpers/workspace.js';

// test/samples/react-app: a React 19 app as Vite's react-ts template starts one (StrictMode,
// createRoot, a counter, CSS imported from the TSX, the logo as an imported asset), with
// react-router's hash router, a zustand store, a TanStack query, clsx and a lucide icon, all
// installed packages. Run by `kit run` at /preview/ and built by `kit build` into dist/,
// served by nginx as docs/deploy.md configures it.
const chromium = useChromium();
let dir: string;
let server: TestServer;
let nginx: TestNginx;
let site: string;

const kit = (args: string[], cwd: string) => kitSync(args, { cwd });

beforeAll(async () => {
  // Below the checkout, where the repository's node_modules hold react and the libraries.
  dir = copySample('react-app', { insideRepo: true });
  const built = kit(['build'], dir);
  expect(built.status, built.stdout + built.stderr).toBe(0);
  const served = await startStaticSite(join(dir, 'dist'));
  nginx = served;
  site = served.url;
  server = await startTestServer(dir);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await nginx?.stop();
  removeWorkspaces();
});

interface Visit {
  page: Page;
  /** Every console message, as `type: text`. */
  console: string[];
  /** Uncaught exceptions of the page. */
  errors: string[];
  /** Answers of 400 and above. */
  failed: string[];
  /** The bodies of the react-dom files the page loaded. */
  reactDom: Promise<string>[];
}

async function visit(url: string): Promise<Visit> {
  const page = await chromium.browser.newPage();
  const seen: Visit = { page, console: [], errors: [], failed: [], reactDom: [] };
  page.on('console', (m) => seen.console.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => seen.errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) seen.failed.push(`${r.status()} ${r.url()}`);
    if (r.url().includes('/m/react-dom@')) seen.reactDom.push(r.text().catch(() => ''));
  });
  await page.goto(url);
  return seen;
}

const text = (page: Page, selector: string) => page.locator(selector).textContent({ timeout: 10_000 });

/** What a user does and sees: both routes, the counter, the store, the query, the icon, the logo, the styles. */
async function use(page: Page) {
  // The first load of the preview compiles every installed package the page uses.
  await page.locator('#counter').waitFor({ state: 'visible', timeout: 60_000 });
  const home = {
    hash: await page.evaluate(() => location.hash),
    heading: await text(page, 'h1'),
    counter: await text(page, '#counter'),
    likes: await text(page, '#likes'),
    icon: await page.evaluate(() => {
      const svg = document.querySelector('#likes svg');
      return svg && { namespace: svg.namespaceURI, classes: svg.getAttribute('class'), paths: svg.querySelectorAll('path').length > 0 };
    }),
    logo: await page
      .waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('img.logo');
        return img?.complete && img.naturalWidth > 0 && { alt: img.alt, naturalWidth: img.naturalWidth, height: getComputedStyle(img).height };
      }, undefined, { timeout: 10_000 })
      .then((handle) => handle.jsonValue()),
    styles: await page.evaluate(() => ({
      bodyMargin: getComputedStyle(document.body).margin,
      bodyDisplay: getComputedStyle(document.body).display,
      cardPadding: getComputedStyle(document.querySelector('.card')!).paddingTop,
      rootAlign: getComputedStyle(document.querySelector('#root')!).textAlign,
    })),
  };

  // useState: the counter counts.
  await page.locator('#counter').click();
  await page.locator('#counter').click();
  const counted = await text(page, '#counter');
  // zustand: the store's count, and clsx's class from it.
  await page.locator('#likes').click();
  const liked = { likes: await text(page, '#likes'), className: await page.locator('#likes').getAttribute('class') };

  // react-router: the Link to /about, the query's data there, the store's state kept.
  await page.getByRole('link', { name: 'Read about this app' }).click();
  await page.locator('#stack', { hasText: 'Built by' }).waitFor({ timeout: 10_000 });
  const about = { hash: await page.evaluate(() => location.hash), heading: await text(page, 'h1'), stack: await text(page, '#stack'), likes: await text(page, '#likes'), active: await text(page, '.nav-link.active') };
  await page.locator('#likes').click();
  const likedThere = await text(page, '#likes');

  // The Link back home: the route renders again (a new counter), the store keeps its count.
  await page.getByRole('link', { name: 'Back home' }).click();
  await page.locator('#counter').waitFor({ state: 'visible' });
  const back = { hash: await page.evaluate(() => location.hash), counter: await text(page, '#counter'), likes: await text(page, '#likes'), active: await text(page, '.nav-link.active') };

  // The browser's back button returns to /about, whose query is cached.
  await page.goBack();
  await page.locator('#stack', { hasText: 'Built by' }).waitFor({ timeout: 10_000 });
  const history = { hash: await page.evaluate(() => location.hash), heading: await text(page, 'h1') };

  return { home, counted, liked, about, likedThere, back, history };
}

const LIBRARIES = 'react, react-router, zustand, @tanstack/react-query, clsx, lucide-react';
const USED = {
  home: {
    hash: '',
    heading: 'React on kit',
    counter: 'count is 0',
    likes: 'likes: 0',
    icon: { namespace: 'http://www.w3.org/2000/svg', classes: 'lucide lucide-heart', paths: true },
    logo: { alt: 'React logo', naturalWidth: 36, height: '96px' },
    styles: { bodyMargin: '0px', bodyDisplay: 'flex', cardPadding: '32px', rootAlign: 'center' },
  },
  counted: 'count is 2',
  liked: { likes: 'likes: 1', className: 'like liked' },
  about: { hash: '#/about', heading: 'About', stack: `Built by kit with ${LIBRARIES}`, likes: 'likes: 1', active: 'About' },
  likedThere: 'likes: 2',
  back: { hash: '#/', counter: 'count is 0', likes: 'likes: 2', active: 'Home' },
  history: { hash: '#/about', heading: 'About' },
};

/** A page that loaded with the deep link `#/about` renders that route. */
async function deepLink(url: string) {
  const seen = await visit(`${url}#/about`);
  await seen.page.locator('#stack', { hasText: 'Built by' }).waitFor({ timeout: 60_000 });
  const shown = { heading: await text(seen.page, 'h1'), stack: await text(seen.page, '#stack') };
  await seen.page.close();
  return { shown, errors: [...seen.errors, ...seen.console.filter((line) => /^(error|warning)/.test(line))] };
}

/** Whether React's element objects carry the development build's bookkeeping (`_store`), read from the page's own react. */
const developmentReact = (page: Page) =>
  // A string, so that the test's own transform leaves the dynamic import to the page (and its import map).
  page.evaluate<{ version: string; development: boolean }>(`import('react').then((React) => ({ version: React.version, development: Object.hasOwn(React.createElement('div'), '_store') }))`);

const BAD = /Invalid hook call|does not provide an export named|Minified React error|Cannot read properties/;

function expectClean(seen: Visit) {
  expect(seen.errors).toEqual([]);
  expect(seen.console.filter((line) => /^(error|warning)/.test(line) || BAD.test(line))).toEqual([]);
  expect(seen.failed).toEqual([]);
}

test("kit run's /preview/: every route renders and reacts, with React's development build", async () => {
  const url = new URL('/preview/', server.url).href;
  const seen = await visit(url);
  try {
    expect(await use(seen.page)).toEqual(USED);
    expectClean(seen);
    // The development build of react and react-dom: React's own greeting of development, and
    // the bookkeeping its development elements carry.
    expect(seen.console.filter((line) => line.includes('Download the React DevTools'))).toHaveLength(1);
    expect(await developmentReact(seen.page)).toEqual({ version: '19.3.1', development: true });
    const bodies = await Promise.all(seen.reactDom);
    expect(bodies.some((body) => body.includes('Download the React DevTools'))).toBe(true);
  } finally {
    await seen.page.close();
  }
  expect(await deepLink(url)).toEqual({ shown: { heading: 'About', stack: `Built by kit with ${LIBRARIES}` }, errors: [] });
}, 180_000);

test("kit build's dist/, served by nginx: every route renders and reacts, with React's production build", async () => {
  const seen = await visit(`${site}index.html`);
  try {
    expect(await use(seen.page)).toEqual(USED);
    expectClean(seen);
    expect(seen.console.filter((line) => line.includes('Download the React DevTools'))).toEqual([]);
    expect(await developmentReact(seen.page)).toEqual({ version: '19.3.1', development: false });
    // The react-dom files the page ran are the production build's: error codes pointing to
    // react.dev/errors, none of the development build's messages.
    const bodies = await Promise.all(seen.reactDom);
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).not.toMatch(/Download the React DevTools|Invalid hook call/);
    expect(bodies.some((body) => body.includes('react.dev/errors/'))).toBe(true);
  } finally {
    await seen.page.close();
  }
  expect(await deepLink(site)).toEqual({ shown: { heading: 'About', stack: `Built by kit with ${LIBRARIES}` }, errors: [] });
  // No file kit wrote for react or react-dom holds a development build.
  for (const name of ['react@19.3.1', 'react-dom@19.3.1']) {
    const folder = join(dir, 'dist', 'm', name, 'modules', '~kit');
    const files = readdirSync(folder).filter((file) => file.endsWith('.js'));
    expect(files.length, name).toBeGreaterThan(0);
    for (const file of files) expect(readFileSync(join(folder, file), 'utf8'), `${name}/${file}`).not.toMatch(/Download the React DevTools|Invalid hook call|\.development\.js/);
  }
});
