import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { useChromium } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);
const chromium = useChromium();

/**
 * A `ts` module (its answer waits for TypeScript 7's verdict) that counts the page's loads, in
 * a workspace of 30 more modules the page does not reach: judging the workspace takes a while.
 */
function workspace(greet: string) {
  const others = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`packages/more/m${i}/index.ts`, `export const value${i}: number = ${i};\n`]));
  return writeWorkspace({
    'kit.json': { packages: ['packages/app', 'packages/more'] },
    'packages/more/package.json': pkg('@f/more', { exports: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`./m${i}`, `./m${i}/index.ts`])), kit: { bundler: 'ts' } }),
    ...others,
    'index.html': '<!doctype html>\n<html><head><title>first</title></head><body><p id="shown"></p><script type="module">import "@f/app/main";</script></body></html>\n',
    'packages/app/package.json': pkg('@f/app', { exports: { './main': './main/index.ts' }, kit: { bundler: 'ts' } }),
    'packages/app/main/index.ts': "import './app.css';\nimport { greet } from './greet';\nsessionStorage.loads = String(Number(sessionStorage.loads ?? 0) + 1);\ndocument.getElementById('shown')!.textContent = greet('first');\n",
    'packages/app/main/greet.ts': greet,
    'packages/app/main/app.css': '#shown { color: rgb(0, 128, 128); }\n',
  });
}

/** The modules the page's state named as not built when it was sent. */
const pendingAtLoad = (page: Page) => page.evaluate(() => Object.entries((JSON.parse(document.getElementById('kit-preview')!.textContent!) as { modules: Record<string, { pending?: boolean }> }).modules).flatMap(([v, m]) => (m.pending ? [v] : [])));

/** Waits until every module of the workspace is judged (the plan's JSON waits for that). */
const judged = async (server: TestServer) => expect((await fetch(`${server.url}preview/entry.json`)).status).toBe(200);

/** The workspace's preview opened on a fresh `kit run`, given to `use`; both closed after. */
async function withPreview(greet: string, use: (page: Page, server: TestServer, dir: string) => Promise<void>): Promise<void> {
  const dir = workspace(greet);
  const server = await startTestServer(dir);
  const page = await chromium.browser.newPage();
  try {
    await page.goto(`${server.url}preview/`);
    await use(page, server, dir);
  } finally {
    await page.close();
    await server.close();
  }
}

test('a page sent before its module is judged runs it once its answer comes; the judgement that follows reloads nothing, and an edit updates it as always', () =>
  withPreview('export const greet = (name: string): string => `hello ${name}`;\n', async (page, server, dir) => {
    await page.waitForFunction(() => document.getElementById('shown')?.textContent === 'hello first');
    expect(await pendingAtLoad(page)).toEqual(['@f/app@0.1.0/main']);
    expect(await page.evaluate(() => getComputedStyle(document.getElementById('shown')!).color)).toBe('rgb(0, 128, 128)');
    await judged(server);
    // The judgement's `build.ended` has reached the page (an edit's, announced after it, does): it learned the build it runs.
    writeFileSync(join(dir, 'packages/app/main/greet.ts'), 'export const greet = (name: string): string => `hi ${name}`;\n');
    await page.waitForFunction(() => document.getElementById('shown')?.textContent === 'hi first');
    // One load for the page, one for the edit nothing accepts (a reload, as before): none for the judgement.
    expect(await page.evaluate(() => sessionStorage.loads)).toBe('2');
  }));

test("a page sent before its module's verdict shows the module's type error in the overlay when the verdict comes, and runs once it is fixed", () =>
  withPreview('export const greet = (name: string): number => `hello ${name}`;\n', async (page, _server, dir) => {
    await page.waitForFunction(() => document.getElementById('kit-overlay')?.shadowRoot?.textContent?.includes('TS2322'), undefined, { timeout: 15_000 });
    expect(await pendingAtLoad(page)).toEqual(['@f/app@0.1.0/main']);
    const overlay = await page.evaluate(() => document.getElementById('kit-overlay')!.shadowRoot!.textContent!);
    expect(overlay).toContain('packages/app/main/greet.ts');
    expect(await page.evaluate(() => document.getElementById('shown')!.textContent)).toBe('');
    writeFileSync(join(dir, 'packages/app/main/greet.ts'), 'export const greet = (name: string): string => `hello ${name}`;\n');
    await page.waitForFunction(() => document.getElementById('shown')?.textContent === 'hello first', undefined, { timeout: 15_000 });
  }));
