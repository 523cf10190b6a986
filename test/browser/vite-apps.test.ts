import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { useChromium } from '../helpers/browser.js';
import { startStaticSite, type TestNginx } from '../helpers/nginx.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { REPO, copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';

// A Turborepo of two Vite apps (apps/web, apps/docs: each its own index.html naming
// /src/main.tsx, public/, .env) and a component library, with kit.json and scoped names
// the only additions (CONTRACT §11).
const chromium = useChromium();
let dir: string;
const running: (TestNginx | TestServer)[] = [];

beforeAll(() => {
  dir = copySample('turborepo', { insideRepo: true });
  // The apps' own scripts (`kit build`, `kit dev`) find kit as npm finds any bin: in node_modules/.bin.
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(join(REPO, 'bin', 'kit.js'), join(dir, 'node_modules', '.bin', 'kit'));
});
afterAll(async () => {
  for (const server of running.reverse()) await ('stop' in server ? server.stop() : server.close());
  removeWorkspaces();
});

const kit = (args: string[], cwd: string) => kitSync(args, { cwd });

async function serveStatic(root: string): Promise<string> {
  const site = await startStaticSite(root);
  running.push(site);
  return site.url;
}

/** What the app shows, after a click on its button; and what went wrong on the way. `logo`: the web app's, imported by its code with no declaration of kit's. */
async function visit(url: string, { click = true, logo = true } = {}) {
  const page = await chromium.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  try {
    await page.goto(url);
    await page.waitForSelector('#title', { timeout: 10_000 });
    if (click) await page.click('button');
    if (logo) {
      await page.waitForFunction(() => document.querySelector<HTMLImageElement>('#logo')?.complete);
      expect(await page.evaluate(() => document.querySelector<HTMLImageElement>('#logo')!.naturalWidth)).toBe(32);
    }
    const shown = await page.evaluate(() => ({ title: document.querySelector('#title')!.textContent, button: document.querySelector('button')!.textContent, tab: document.title }));
    return { ...shown, errors };
  } finally {
    await page.close();
  }
}

describe('kit build in an app folder builds that app, into its own dist/', () => {
  test("the app's script (kit build) runs as written: its page, its public/, its .env.production, and the page runs behind nginx", async () => {
    const built = spawnSync('npm', ['run', 'build'], { cwd: join(dir, 'apps', 'web'), encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const dist = join(dir, 'apps', 'web', 'dist');
    expect(readFileSync(join(dist, 'favicon.svg'), 'utf8')).toContain('<svg');
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    // The path to the entry became an import of the module it names; the rest of the page is the app's.
    expect(html).toContain('<script type="module">import "@turborepo/web/src/main";</script>');
    expect(html).not.toContain('src="/src/main.tsx"');
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(await visit(await serveStatic(dist))).toEqual({ title: 'Web app (production)', button: 'count is 1', tab: 'Web', errors: [] });
  });

  test('from the workspace root, several pages are a failure naming them and --page; --page builds one', () => {
    const several = kit(['build'], dir);
    expect(several.status).toBe(1);
    expect(several.stderr).toMatch(/several pages \(apps\/docs\/index\.html, apps\/web\/index\.html\).*--page apps\/docs, --page apps\/web/);
    const docs = kit(['build', '--page', 'apps/docs'], dir);
    expect(docs.status, docs.stderr).toBe(0);
    expect(readFileSync(join(dir, 'apps', 'docs', 'dist', 'index.html'), 'utf8')).toContain('<title>Docs</title>');
  });

  test('a page whose script names no source file fails kit check and kit build at its line', () => {
    const broken = copySample('turborepo', { insideRepo: true });
    writeFiles(broken, { 'apps/docs/index.html': readFileSync(join(broken, 'apps/docs/index.html'), 'utf8').replace('/src/main.tsx', '/src/mian.tsx') });
    for (const command of ['check', 'build']) {
      const result = kit([command], join(broken, 'apps', 'docs'));
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/apps\/docs\/index\.html:11:\d+ PREVIEW_ENTRY_NOT_FOUND apps\/docs\/index\.html loads "\/src\/mian\.tsx", which is no such file/);
    }
  });
});

describe('kit dev in an app folder serves that app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(join(dir, 'apps', 'web'));
    running.push(server);
  });

  test('the page, its .env, and its public/ at the page root and beside the preview', async () => {
    expect(await visit(`${server.url}preview/`)).toEqual({ title: 'Web app', button: 'count is 1', tab: 'Web', errors: [] });
    for (const path of ['favicon.svg', 'preview/favicon.svg']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    }
    // kit's own paths are never a public file's.
    expect((await fetch(`${server.url}state`)).headers.get('content-type')).toMatch(/json/);
    expect((await fetch(`${server.url}../../package.json`)).status).not.toBe(200);
  });

  test('an index.html edit reloads the open preview, and the terminal says so', async () => {
    const page = await chromium.browser.newPage();
    try {
      await page.goto(`${server.url}preview/`);
      await page.waitForSelector('#title');
      const file = join(dir, 'apps', 'web', 'index.html');
      writeFiles(dir, { 'apps/web/index.html': readFileSync(file, 'utf8').replace('<title>Web</title>', '<title>Web, edited</title>') });
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Web, edited');
      await expect.poll(() => server.stderr()).toMatch(/apps\/web\/index\.html changed: open previews reload/);
    } finally {
      await page.close();
    }
  });
});

test('kit dev at the root of several apps lists their pages, and ?page= serves each', async () => {
  const server = await startTestServer(dir);
  running.push(server);
  const listing = await fetch(`${server.url}preview/`, { headers: { accept: 'text/html' } });
  expect(listing.status).toBe(409);
  const html = await listing.text();
  expect(html).toContain('href="?page=apps%2Fdocs"');
  expect(html).toContain('href="?page=apps%2Fweb"');
  expect(await visit(`${server.url}preview/?page=apps/docs`, { click: false, logo: false })).toMatchObject({ title: 'Docs', tab: 'Docs', errors: [] });
  expect(existsSync(join(dir, 'dist'))).toBe(false);
});
