import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { launchChromium } from '../helpers/browser.js';
import { copySample, removeWorkspaces } from '../helpers/workspace.js';

let browser: Browser | undefined;
let host: Server | undefined;

afterAll(async () => {
  await browser?.close();
  host?.close();
  removeWorkspaces();
});

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

test('a plain page on a static host runs the emitted modules through dist/importmap.json', async () => {
  const dir = copySample('shop');
  const built = kitSync(['build', '--cwd', dir]);
  expect(built.status).toBe(0);
  const dist = join(dir, 'dist');
  const importmap = await readFile(join(dist, 'importmap.json'), 'utf8');
  const page = `<!doctype html><html><head><script type="importmap">${importmap}</script>
<link rel="stylesheet" href="./m/@shop/ui@0.1.0/styles/button.css"></head>
<body><script type="module">import '@shop/app/main';</script></body></html>`;
  // A bare static file server: nothing of kit runs while the page loads.
  host = createServer(async (req, res) => {
    const path = req.url === '/' ? null : normalize(decodeURIComponent(req.url!.split('?')[0]));
    try {
      const body = path ? await readFile(join(dist, path)) : page;
      res.writeHead(200, { 'content-type': path ? TYPES[extname(path)] ?? 'application/octet-stream' : 'text/html' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => host!.listen(0, '127.0.0.1', resolve));
  const address = host.address() as { port: number };
  browser = await launchChromium();
  const tab = await browser.newPage();
  await tab.goto(`http://127.0.0.1:${address.port}/`);
  await tab.waitForSelector('.buy-button');
  expect(await tab.textContent('#summary')).toBe('2 items, $24.49 in total');
  expect(await tab.evaluate(() => getComputedStyle(document.querySelector('.buy-button')!).backgroundColor)).toBe('rgb(37, 99, 235)');
  expect(await tab.evaluate(() => (document.querySelector('.buy-button__icon') as HTMLImageElement).naturalWidth)).toBe(24);
});
