import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { useChromium } from '../helpers/browser.js';
import { startStaticSite, type TestNginx } from '../helpers/nginx.js';
import { startTestServer } from '../helpers/server.js';
import { copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';

// CONTRACT §5–§6: the workspace's index.html is the page of development and of the build.
const chromium = useChromium();
const running: TestNginx[] = [];
afterAll(async () => {
  for (const nginx of running) await nginx.stop();
  removeWorkspaces();
});

const TEMPLATE = `<!doctype html>
<html lang="en" data-theme="paper">
  <head>
    <meta charset="utf-8">
    <title>The shop</title>
    <style>body { background: rgb(250, 240, 230); }</style>
  </head>
  <body>
    <div id="app">mounted here</div>
    <script type="module">import '@shop/app/main';</script>
  </body>
</html>
`;

/** The shop with its own page, and a library module nothing imports yet (which must not take the page away). */
function shopWithTemplate(template = TEMPLATE): string {
  const dir = copySample('shop');
  writeFiles(dir, {
    'index.html': template,
    'packages/util/later/module.json': JSON.stringify({ platforms: ['web'], entry: 'index.ts' }),
    'packages/util/later/index.ts': 'export const later = 1;\n',
  });
  return dir;
}

const kit = (args: string[], cwd: string) => kitSync(args, { cwd });

/** The hrefs of the page's modulepreload links, in order. */
const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

async function serveStatic(dist: string): Promise<string> {
  const site = await startStaticSite(dist);
  running.push(site);
  return site.url;
}

/** What the page shows: the template's own markup and style, and the app rendered by the entry. */
async function pageShows(url: string) {
  const page = await chromium.browser.newPage();
  try {
    await page.goto(url);
    await page.waitForSelector('#summary');
    return await page.evaluate(() => ({
      title: document.title,
      theme: document.documentElement.dataset.theme,
      app: document.querySelector('#app')?.textContent,
      background: getComputedStyle(document.body).backgroundColor,
      summary: document.querySelector('#summary')?.textContent,
      entryScripts: [...document.querySelectorAll('script[type=module]')].filter((s) => s.textContent?.includes('@shop/app/main')).length,
    }));
  } finally {
    await page.close();
  }
}

const SHOWN = { title: 'The shop', theme: 'paper', app: 'mounted here', background: 'rgb(250, 240, 230)', summary: '2 items, $24.49 in total', entryScripts: 1 };

describe('the template is the page in development', () => {
  test('its markup is kept, its entry wins over an unimported module, and every statically reached module is preloaded', async () => {
    const dir = shopWithTemplate();
    const server = await startTestServer(dir);
    try {
      expect(await pageShows(`${server.url}preview/`)).toEqual(SHOWN);
      const html = await (await fetch(`${server.url}preview/`)).text();
      const plan = (await (await fetch(`${server.url}preview/entry.json`)).json()) as { entry: { specifier: string }; modules: { specifier: string; url?: string }[] };
      expect(plan.entry.specifier).toBe('@shop/app/main');
      // The shop imports nothing lazily: the static graph is every reached module, the entry first.
      expect(preloadsOf(html)).toEqual(plan.modules.map((m) => m.url));
      expect(preloadsOf(html)[0]).toContain('/m/@shop/app@0.1.0/modules/main?');
      expect(html).not.toContain('@shop/util/later');
      // The import map comes before any module script of the template's.
      expect(html.indexOf('type="importmap"')).toBeLessThan(html.indexOf('type="module"'));
    } finally {
      await server.close();
    }
  });

  test('an entry the template names that is no public module: the page still answers, with the diagnostic at its line', async () => {
    const dir = shopWithTemplate(TEMPLATE.replace("import '@shop/app/main'", "import '@shop/app/missing'"));
    const server = await startTestServer(dir);
    try {
      const response = await fetch(`${server.url}preview/`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('mounted here');
      const plan = (await (await fetch(`${server.url}preview/entry.json`)).json()) as { diagnostics: { code: string; file?: string; line?: number }[] };
      expect(plan.diagnostics[0]).toMatchObject({ code: 'PREVIEW_ENTRY_NOT_FOUND', file: 'index.html', line: 10 });
    } finally {
      await server.close();
    }
  });
});

describe('the template is the page of the build', () => {
  test('dist/index.html keeps its markup, preloads the reached graph with integrity, and runs behind nginx', async () => {
    const dir = shopWithTemplate();
    const built = kit(['build'], dir);
    expect(built.status, built.stderr).toBe(0);
    const html = readFileSync(join(dir, 'dist', 'index.html'), 'utf8');
    const map = JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(html)![1]) as { imports: Record<string, string>; integrity: Record<string, string> };
    // Every mapped file has its digest, and each preload carries the same one.
    for (const url of Object.values(map.imports)) expect(map.integrity[url]).toMatch(/^sha256-[A-Za-z0-9+/]+=*$/);
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" integrity="([^"]+)">/g)].map((m) => [m[1], m[2]]);
    // Each at its address path with a token of its content.
    expect(preloads.map(([href]) => href.replace(/\?v=[0-9a-f]{10}$/, ''))).toEqual([
      './m/@shop/app@0.1.0/modules/main.js',
      './m/@shop/content@0.1.0/modules/about.js',
      './m/@shop/ui@0.1.0/modules/badge.js',
      './m/@shop/ui@0.1.0/modules/button.js',
      './m/@shop/util@0.1.0/modules/format.js',
    ]);
    for (const [href, digest] of preloads) expect(digest).toBe(map.integrity[href]);
    // Mapped (a page of the user's may import it), never preloaded: nothing reaches it.
    expect(map.imports['@shop/util/later']).toMatch(/^\.\/m\/@shop\/util@0\.1\.0\/modules\/later\.js\?v=[0-9a-f]{10}$/);
    const url = await serveStatic(join(dir, 'dist'));
    expect(await pageShows(url)).toEqual(SHOWN);
  });

  test('a changed byte in a preloaded module is refused by the browser', async () => {
    const dir = shopWithTemplate();
    expect(kit(['build'], dir).status).toBe(0);
    const file = join(dir, 'dist', 'm', '@shop', 'util@0.1.0', 'modules', 'format.js');
    writeFileSync(file, readFileSync(file, 'utf8').replace('function', 'function '));
    const page = await chromium.browser.newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    try {
      await page.goto(await serveStatic(join(dir, 'dist')));
      await expect.poll(() => messages.join('\n'), { timeout: 5000 }).toMatch(/integrity/i);
      expect(await page.$('#summary')).toBeNull();
    } finally {
      await page.close();
    }
  });

  test('an entry the template names that is no public module fails the build at its line, and nothing is written', () => {
    const dir = shopWithTemplate(TEMPLATE.replace("import '@shop/app/main'", "import '@shop/app/missing'"));
    const built = kit(['build'], dir);
    expect(built.status).toBe(1);
    expect(built.stderr).toMatch(/index\.html:10:\d+ PREVIEW_ENTRY_NOT_FOUND index\.html imports '@shop\/app\/missing'/);
  });
});
