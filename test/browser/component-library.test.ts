import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { useChromium } from '../helpers/browser.js';
import { startStaticSite, type TestNginx } from '../helpers/nginx.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { REPO, copySample, removeWorkspaces } from '../helpers/workspace.js';

// A React component library as its authors declare it (CONTRACT §11): packages/ui exports its
// source under "@acme/source" (named in kit.json's "conditions"), built files otherwise, and
// declares react as a peer; apps/demo, a Vite-style app, renders its components.
const chromium = useChromium();
let dir: string;
let demo: string;
const running: (TestNginx | TestServer)[] = [];

beforeAll(() => {
  dir = copySample('component-library', { insideRepo: true });
  demo = join(dir, 'apps', 'demo');
});
afterAll(async () => {
  for (const server of running.reverse()) await ('stop' in server ? server.stop() : server.close());
  removeWorkspaces();
});

/** The library's counter after two clicks, and what went wrong on the way. */
async function visit(url: string) {
  const page = await chromium.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  try {
    await page.goto(url);
    await page.waitForSelector('#counter', { timeout: 15_000 });
    await page.click('#counter');
    await page.click('#counter');
    const shown = await page.evaluate(() => ({
      title: document.querySelector('#title')!.textContent,
      counter: document.querySelector('#counter')!.textContent,
      classes: document.querySelector('#counter')!.className,
    }));
    return { ...shown, errors };
  } finally {
    await page.close();
  }
}

const RENDERED = { title: 'Acme UI', counter: 'clicks: 2', classes: 'acme-button acme-button--primary', errors: [] };

test('kit dev in the app folder renders the library\'s components, read from its source', async () => {
  const server = await startTestServer(demo);
  running.push(server);
  expect(await visit(`${server.url}preview/`)).toEqual(RENDERED);
  const state = await (await fetch(`${server.url}state`)).json();
  expect(state.warnings).toEqual([]);
});

test('kit build in the app folder: the page runs behind nginx, and the library\'s distribution file names the react it resolved to', async () => {
  const built = kitSync(['build'], { cwd: demo });
  expect(built.status, built.stderr).toBe(0);
  const dist = join(demo, 'dist');
  const react = JSON.parse(readFileSync(join(REPO, 'node_modules', 'react', 'package.json'), 'utf8')).version;
  expect(JSON.parse(readFileSync(join(dist, 'm', '@acme', 'ui@0.4.0', 'kit-distribution.json'), 'utf8')).dependencies).toEqual({ react });
  const site = await startStaticSite(dist);
  running.push(site);
  expect(await visit(site.url)).toEqual(RENDERED);
});
