// Stylesheet edit → style applied in Chromium, for kit and for Vite's own CSS hot update,
// on copies of the same workspace and the same stylesheet, in one run.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

const SHEET = 'packages/ui/button/styles/button.css';
const css = (n) => `@import './tokens.css';\n.buy-button { display: inline-flex; background: rgb(${n % 256}, 80, 160); color: white; }\n`;

function copy(repo) {
  const dir = mkdtempSync(join(tmpdir(), 'kit-latency-'));
  cpSync(join(repo, 'examples', 'shop'), dir, { recursive: true });
  writeFileSync(join(dir, SHEET), css(0));
  return dir;
}

/** Edits the sheet `edits` times; each time, the milliseconds until the page's computed style shows it. */
async function measure(page, dir, edits) {
  const samples = [];
  for (let i = 1; i <= edits; i++) {
    const expected = `rgb(${i % 256}, 80, 160)`;
    const applied = page.evaluate((want) => new Promise((resolve) => {
      // getComputedStyle forces a style pass, so a 1 ms poll sees a sheet as soon as it applies
      // (a requestAnimationFrame poll would round both tools up to the next frame).
      const look = () => (getComputedStyle(document.querySelector('.buy-button')).backgroundColor === want ? resolve(Date.now()) : setTimeout(look, 1));
      look();
    }), expected);
    await new Promise((r) => setTimeout(r, 30)); // the poll is running before the write
    const written = Date.now();
    writeFileSync(join(dir, SHEET), css(i));
    const at = await Promise.race([applied, new Promise((r) => setTimeout(() => r(undefined), 10_000))]);
    if (at === undefined) throw new Error(`edit ${i} was not applied within 10 s`);
    samples.push(at - written);
    await new Promise((r) => setTimeout(r, 100)); // let the tool settle between edits
  }
  return samples;
}

async function kitPage(repo, browser, edits) {
  const dir = copy(repo);
  const child = spawn(process.execPath, [join(repo, 'bin', 'kit.js'), 'run', '--port', '0', '--cwd', dir], { env: { ...process.env, KIT_SERVICE_EXTENSIONS: '@kit-js/packages/development' }, stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((ok) => createInterface({ input: child.stdout }).once('line', ok));
  const page = await browser.newPage();
  await page.goto(`${url}preview/`);
  await page.waitForFunction(() => window.__kit?.events.readyState === 1);
  const samples = await measure(page, dir, edits);
  await page.close();
  child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
  return samples;
}

async function vitePage(browser, edits, repo) {
  const { createServer } = await import('vite7');
  const dir = copy(repo);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><script type="module" src="/packages/app/main/index.ts"></script></body></html>\n');
  // Vite has no Markdown bundler: the about page is a stub there.
  writeFileSync(join(dir, 'about-stub.js'), 'export const html = "";\n');
  const server = await createServer({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0 },
    resolve: { alias: [{ find: '@shop/content/about', replacement: `${dir}/about-stub.js` }, { find: /^@shop\/([^/]+)\/(.+)$/, replacement: `${dir}/packages/$1/$2/index.ts` }] },
  });
  await server.listen();
  const page = await browser.newPage();
  await page.goto(server.resolvedUrls.local[0]);
  await page.waitForSelector('.buy-button');
  await page.waitForTimeout(500); // the HMR socket connects after the page loads
  const samples = await measure(page, dir, edits);
  await page.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  return samples;
}

const stats = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] };
};

/** Median and p95 of edit-to-applied for kit and Vite, `edits` edits each. */
export async function benchLatency(repo, edits = 20) {
  const browser = await chromium.launch({ executablePath: process.env.KIT_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  try {
    const kit = stats(await kitPage(repo, browser, edits));
    const vite = stats(await vitePage(browser, edits, repo));
    return { edits, kit, vite, medianRatio: kit.median / vite.median };
  } finally {
    await browser.close();
  }
}
