// Code edit → applied in Chromium, kit's hot updates against Vite 8's, in one run on the same
// sources: a helper of a module of the generated workspace (default size; p01/m1 on the `ts`
// bundler, whose update waits for TypeScript 7's verdict, and p00/m1 on the `esbuild` bundler),
// which only a file that accepts its updates imports, and a React component
// (test/samples/react-app's App.tsx, on either bundler; @vitejs/plugin-react on Vite's side).
// Each edit is timed from the write until the page shows it (polled every 1 ms), with no reload
// in between.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import { generateWorkspace } from './generate.js';

/** The module edited under each bundler: p01 is on `ts`, p00 on `esbuild` (bench/generate.js). */
const MODULES = { ts: 'packages/p01/m1', esbuild: 'packages/p00/m1' };
const helper = (i) => `export const word: string = 'edit ${i}';\n`;
const APP = 'packages/web/src/App.tsx';

/**
 * The default-size workspace, with a helper only `live.ts` imports; `live.ts` shows it and
 * accepts its updates (as a Vite user writes one), typed by kit's client types as a user's
 * `env.d.ts` names them.
 */
function helperWorkspace(repo, size, module) {
  const dir = mkdtempSync(join(tmpdir(), 'kit-hot-latency-'));
  generateWorkspace(dir, size);
  writeFileSync(join(dir, 'packages', 'env.d.ts'), `/// <reference path=${JSON.stringify(join(repo, 'types', 'client.d.ts'))} />\n`);
  writeFileSync(join(dir, module, 'live-helper.ts'), helper(0));
  writeFileSync(join(dir, module, 'live.ts'), [
    "import { word } from './live-helper';",
    "const shown = document.getElementById('live') ?? document.body.appendChild(Object.assign(document.createElement('p'), { id: 'live' }));",
    'shown.textContent = word;',
    'import.meta.hot?.accept();',
    '',
  ].join('\n'));
  const entry = join(dir, module, 'index.ts');
  writeFileSync(entry, `import './live';\n${readFileSync(entry, 'utf8')}`);
  return dir;
}

/** test/samples/react-app below the checkout, where its packages are installed; its package on `bundler`. */
function reactWorkspace(repo, bundler) {
  const parent = join(repo, 'test', '.tmp');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'kit-hot-react-'));
  cpSync(join(repo, 'test', 'samples', 'react-app'), dir, { recursive: true });
  const manifest = join(dir, 'packages', 'web', 'package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  writeFileSync(manifest, JSON.stringify({ ...pkg, kit: { ...pkg.kit, bundler } }, null, 2));
  return dir;
}

/** `edits` edits (after one not counted), each timed until `shown(i)` is what `selector` shows; fails on a reload. */
async function measure(page, edits, edit, selector, shown) {
  await page.evaluate(() => (window.notReloaded = true));
  const samples = [];
  for (let i = 1; i <= edits + 1; i++) {
    const applied = page.evaluate(({ selector, want }) => new Promise((resolve) => {
      const look = () => (document.querySelector(selector)?.textContent === want ? resolve(Date.now()) : setTimeout(look, 1));
      look();
    }), { selector, want: shown(i) });
    await new Promise((r) => setTimeout(r, 30)); // the poll is running before the write
    const written = Date.now();
    edit(i);
    const at = await Promise.race([applied, new Promise((r) => setTimeout(() => r(undefined), 15_000))]);
    if (at === undefined) throw new Error(`edit ${i} was not applied within 15 s`);
    if (i > 1) samples.push(at - written);
    await new Promise((r) => setTimeout(r, 150)); // let the tool settle between edits
  }
  if (!(await page.evaluate(() => window.notReloaded === true))) throw new Error('the page reloaded: the edits were not applied in place');
  return samples;
}

async function kitServer(repo, dir) {
  const child = spawn(process.execPath, [join(repo, 'bin', 'kit.js'), 'run', '--port', '0', '--cwd', dir], { env: { ...process.env, KIT_SERVICE_EXTENSIONS: '@kit-js/packages/development', KIT_CACHE_DIR: join(dir, '.kit-cache') }, stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((ok) => createInterface({ input: child.stdout }).once('line', ok));
  return { url: `${url}preview/`, close: () => child.kill('SIGTERM') };
}

async function viteServer(root, plugins, alias) {
  const { createServer } = await import('vite8');
  const server = await createServer({ root, configFile: false, logLevel: 'silent', server: { host: '127.0.0.1', port: 0 }, resolve: { alias }, plugins });
  await server.listen();
  return { url: server.resolvedUrls.local[0], close: () => server.close() };
}

/** Opens `url` and waits until `ready` holds and the tool's update channel is open. */
async function open(browser, url, ready, tool) {
  const page = await browser.newPage();
  const connected = tool === 'vite' ? new Promise((ok) => page.on('console', (m) => m.text().includes('[vite] connected') && ok())) : undefined;
  await page.goto(url);
  await page.waitForFunction(ready, undefined, { timeout: 120_000 });
  if (connected) await connected;
  else await page.waitForFunction(() => window.__kit?.events.readyState === 1);
  await page.waitForTimeout(500); // dependencies found on the first load (Vite's) settled
  return page;
}

const stats = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)], samples: xs };
};

/** Median and p95 of code edit → applied for kit and Vite 8: a helper of a module, and a React component, `edits` edits each. */
export async function benchHotLatency(repo, { edits = 10, size = { packages: 20, modules: 5 } } = {}) {
  const browser = await chromium.launch({ executablePath: process.env.KIT_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const made = [];
  const result = { edits, size };
  try {
    for (const [bundler, module] of Object.entries(MODULES)) {
      for (const tool of ['kit', 'vite']) {
        const dir = helperWorkspace(repo, size, module);
        made.push(dir);
        const server = tool === 'kit' ? await kitServer(repo, dir) : await viteServer(dir, [], [{ find: /^@bench\/([^/]+)\/([^/]+)$/, replacement: `${dir}/packages/$1/$2/index.ts` }]);
        try {
          const page = await open(browser, server.url, () => document.body.dataset.ready === 'yes' && !!document.getElementById('live'), tool);
          result[`helper_${bundler}_${tool}`] = stats(await measure(page, edits, (i) => writeFileSync(join(dir, module, 'live-helper.ts'), helper(i)), '#live', (i) => `edit ${i}`));
          await page.close();
        } finally {
          await server.close();
        }
      }
    }
    const { default: react } = await import('@vitejs/plugin-react');
    for (const [tool, bundler] of [['kit', 'ts'], ['kit', 'esbuild'], ['vite', 'ts']]) {
      const dir = reactWorkspace(repo, bundler);
      made.push(dir);
      const app = readFileSync(join(dir, APP), 'utf8');
      const web = join(dir, 'packages', 'web');
      if (tool === 'vite') writeFileSync(join(web, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n');
      const server = tool === 'kit' ? await kitServer(repo, dir) : await viteServer(web, [react()], []);
      try {
        const page = await open(browser, server.url, () => !!document.querySelector('#counter'), tool);
        await page.locator('#counter').click();
        const edit = (i) => writeFileSync(join(dir, APP), app.replace('count is {count}', `edit ${i}: {count}`));
        result[tool === 'kit' ? `react_${bundler}_kit` : 'react_vite'] = stats(await measure(page, edits, edit, '#counter', (i) => `edit ${i}: 1`));
        await page.close();
      } finally {
        await server.close();
      }
    }
  } finally {
    await browser.close();
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  }
  return result;
}
