import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { useChromium } from '../helpers/browser.js';
import { useServer } from '../helpers/server.js';
import { pkg, REPO, writeFiles, writeWorkspace } from '../helpers/workspace.js';

// CONTRACT §13 in Chromium: a saved file runs again with its importers up to the file that
// accepts it, in the open preview of a real `kit dev` service, without a reload.
const COUNTER = (version: number) => `export const version = ${version};
const runs = ((import.meta.hot?.data.runs as number | undefined) ?? 0) + 1;
document.querySelector('#counter')!.textContent = \`v\${version} run \${runs}\`;
if (import.meta.hot) {
  import.meta.hot.data.runs = runs;
  import.meta.hot.dispose((data) => {
    data.disposed = ((data.disposed as number | undefined) ?? 0) + 1;
    (window as unknown as { disposed: number }).disposed = data.disposed as number;
  });
  import.meta.hot.accept();
}
`;
const GREETING = (word: string) => `export const greeting = '${word}';\n`;
const VIEW = `import { greeting } from './greeting';
import { label } from '@hot/lib/main';
(window as unknown as { viewRuns: number }).viewRuns = ((window as unknown as { viewRuns?: number }).viewRuns ?? 0) + 1;
document.querySelector('#greeting')!.textContent = greeting;
document.querySelector('#label')!.textContent = label;
import.meta.hot?.accept();
`;
const LABEL = (word: string) => `export const label: string = '${word}';\n`;
const PLAIN = (word: string) => `export const plain = '${word}';\n`;
const DEP = (n: number) => `export const n = ${n};
import.meta.hot?.prune(() => ((window as unknown as { pruned: boolean }).pruned = true));
`;
// Takes the updates of ./dep (it does not run again for them) and its own.
const WATCH = `import { n } from './dep';
const w = window as unknown as { watchRuns?: number };
w.watchRuns = (w.watchRuns ?? 0) + 1;
const show = (value: unknown) => (document.querySelector('#n')!.textContent = String(value));
show(n);
import.meta.hot?.accept('./dep', (dep) => show(dep?.n));
import.meta.hot?.accept();
`;
const WATCH_ALONE = `document.querySelector('#n')!.textContent = 'no dep';\nimport.meta.hot?.accept();\n`;
const ENTRY = `import { version } from './counter';
import './view';
import './watch';
import { plain } from './plain';
(window as unknown as { entryRuns: number }).entryRuns = ((window as unknown as { entryRuns?: number }).entryRuns ?? 0) + 1;
document.querySelector('#plain')!.textContent = plain;
export { version };
`;

const served = useServer(() =>
  writeWorkspace({
    'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', strict: true, skipLibCheck: true, lib: ['ES2022', 'DOM'], types: [] }, include: ['packages', 'kit-env.d.ts'] },
    // import.meta.hot's types, as a workspace names @kit-js/packages/client (by path: a test's workspace has no node_modules).
    'kit-env.d.ts': `/// <reference path="${join(REPO, 'types', 'client.d.ts')}" />\n`,
    'index.html': '<!doctype html><html><head><title>hot</title></head><body><p id="counter"></p><p id="greeting"></p><p id="label"></p><p id="n"></p><p id="plain"></p><script type="module">import "@hot/app/main";</script></body></html>\n',
    'kit.json': { packages: ['packages/app', 'packages/lib'] },
    'packages/app/package.json': pkg('@hot/app', { exports: { './main': './main/index.ts' }, kit: { bundler: 'ts' }, dependencies: { '@hot/lib': '0.1.0' } }),
    // Another module, on the other bundler: its entry re-exports a helper of its own.
    'packages/lib/package.json': pkg('@hot/lib', { exports: { './main': './main/index.ts' }, kit: { bundler: 'esbuild' } }),
    'packages/lib/main/index.ts': "export { label } from './label';\n",
    'packages/lib/main/label.ts': LABEL('first'),
    'packages/app/main/index.ts': ENTRY,
    'packages/app/main/counter.ts': COUNTER(1),
    'packages/app/main/greeting.ts': GREETING('hello'),
    'packages/app/main/view.ts': VIEW,
    'packages/app/main/plain.ts': PLAIN('plain'),
    'packages/app/main/dep.ts': DEP(1),
    'packages/app/main/watch.ts': WATCH,
  }),
);
const chromium = useChromium();

interface Seen {
  page: Page;
  /** The `hot.update` events the page's runtime received, as JSON. */
  updates: () => Promise<{ modules: { vspecifier: string; files: { id: string; path: string; url: string }[] }[] }[]>;
}

/** The preview with a mark on its window (gone after a reload) and a log of the `hot.update` events its runtime hears. */
async function openPreview(): Promise<Seen> {
  const page = await chromium.browser.newPage();
  page.on('pageerror', (error) => console.error(error));
  await page.goto(new URL('/preview/', served.server.url).href);
  await page.waitForFunction(() => (window as unknown as { __kit?: { events: EventSource } }).__kit?.events.readyState === 1);
  await page.evaluate(() => {
    const w = window as unknown as { mark: string; hotUpdates: string[]; __kit: { events: EventSource } };
    w.mark = 'this page was not reloaded';
    w.hotUpdates = [];
    w.__kit.events.addEventListener('hot.update', (e) => w.hotUpdates.push((e as MessageEvent<string>).data));
  });
  return { page, updates: async () => ((await page.evaluate(() => (window as unknown as { hotUpdates: string[] }).hotUpdates)) as string[]).map((d) => JSON.parse(d)) };
}

const text = (page: Page, selector: string) => page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);
const windowValue = (page: Page, name: string) => page.evaluate((n) => (window as unknown as Record<string, unknown>)[n] ?? null, name);
const write = (files: Record<string, string>) => writeFiles(served.dir, Object.fromEntries(Object.entries(files).map(([path, content]) => [`packages/app/main/${path}`, content])));

test('a helper that accepts itself, edited 10 times: each edit runs it again in place, its dispose handler first, its data carried', async () => {
  const { page, updates } = await openPreview();
  await expect.poll(() => text(page, '#counter')).toBe('v1 run 1');
  for (let version = 2; version <= 11; version++) {
    write({ 'counter.ts': COUNTER(version) });
    await expect.poll(() => text(page, '#counter'), { timeout: 15_000 }).toBe(`v${version} run ${version}`);
  }
  expect(await windowValue(page, 'disposed')).toBe(10);
  expect(await windowValue(page, 'mark')).toBe('this page was not reloaded');
  expect(await windowValue(page, 'entryRuns')).toBe(1);
  // Each edit was announced on /events as the file's update address, which serves its factory.
  const announced = (await updates()).flatMap((u) => u.modules.flatMap((m) => m.files));
  expect(announced.length).toBeGreaterThanOrEqual(10);
  expect(announced.every((f) => f.path === 'packages/app/main/counter.ts' && f.id === './counter.ts')).toBe(true);
  const last = announced[announced.length - 1];
  expect(last.url).toMatch(/^\/u\/[0-9a-f]+\/@hot\/app@0\.1\.0\/modules\/main\/@file\/packages\/app\/main\/counter\.ts\?target=browser&/);
  const response = await fetch(new URL(last.url, served.server.url));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(await response.text()).toContain('__kit.define("./counter.ts"');
  await page.close();
});

test("an edit of a helper runs its importer that accepts it, and not the module's entry", async () => {
  const { page } = await openPreview();
  await expect.poll(() => text(page, '#greeting')).toBe('hello');
  write({ 'greeting.ts': GREETING('bonjour') });
  await expect.poll(() => text(page, '#greeting'), { timeout: 15_000 }).toBe('bonjour');
  expect(await windowValue(page, 'viewRuns')).toBe(2);
  expect(await windowValue(page, 'entryRuns')).toBe(1);
  expect(await windowValue(page, 'mark')).toBe('this page was not reloaded');
  await page.close();
});

test("an edit of another module's helper (esbuild) runs that module's entry and the importer in this module that accepts it", async () => {
  const { page, updates } = await openPreview();
  await expect.poll(() => text(page, '#label')).toBe('first');
  const runs = (await windowValue(page, 'viewRuns')) as number;
  writeFiles(served.dir, { 'packages/lib/main/label.ts': LABEL('second') });
  await expect.poll(() => text(page, '#label'), { timeout: 15_000 }).toBe('second');
  // The file made on its own first; the module's build that follows names the build the page now runs, and sends no file again.
  const lib = async () => (await updates()).flatMap((u) => u.modules).filter((m) => m.vspecifier === '@hot/lib@0.1.0/main');
  await expect.poll(async () => (await lib()).length, { timeout: 15_000 }).toBe(2);
  expect((await lib()).map((m) => m.files.map((f) => f.path))).toEqual([['packages/lib/main/label.ts'], []]);
  expect(await windowValue(page, 'viewRuns')).toBe(runs + 1);
  expect(await windowValue(page, 'entryRuns')).toBe(1);
  expect(await windowValue(page, 'mark')).toBe('this page was not reloaded');
  await page.close();
});

test("a file that accepts a dependency's updates gets its new exports without running again; a file left out is pruned", async () => {
  const { page } = await openPreview();
  await expect.poll(() => text(page, '#n')).toBe('1');
  write({ 'dep.ts': DEP(2) });
  await expect.poll(() => text(page, '#n'), { timeout: 15_000 }).toBe('2');
  expect(await windowValue(page, 'watchRuns')).toBe(1);
  write({ 'watch.ts': WATCH_ALONE });
  await expect.poll(() => text(page, '#n'), { timeout: 15_000 }).toBe('no dep');
  expect(await windowValue(page, 'pruned')).toBe(true);
  expect(await windowValue(page, 'mark')).toBe('this page was not reloaded');
  expect(await windowValue(page, 'entryRuns')).toBe(1);
  await page.close();
});

test('a syntax error shows in the overlay and leaves the page as it was; its fix arrives as a hot update', async () => {
  const { page } = await openPreview();
  await expect.poll(() => text(page, '#greeting')).toBe('bonjour');
  write({ 'greeting.ts': "export const greeting = 'hola\n" });
  const headline = () => page.evaluate(() => document.getElementById('kit-overlay')?.shadowRoot?.querySelector('h2')?.textContent ?? null);
  await expect.poll(headline, { timeout: 15_000 }).toBe('kit: a syntax error');
  expect(await text(page, '#greeting')).toBe('bonjour');
  write({ 'greeting.ts': GREETING('hola') });
  await expect.poll(() => text(page, '#greeting'), { timeout: 15_000 }).toBe('hola');
  await expect.poll(headline).toBeNull();
  expect(await windowValue(page, 'mark')).toBe('this page was not reloaded');
  expect(await windowValue(page, 'entryRuns')).toBe(1);
  await page.close();
});

test('an edit nothing accepts reloads the page, as before', async () => {
  const { page } = await openPreview();
  await expect.poll(() => text(page, '#plain')).toBe('plain');
  write({ 'plain.ts': PLAIN('changed') });
  await expect.poll(() => text(page, '#plain'), { timeout: 15_000 }).toBe('changed');
  expect(await windowValue(page, 'mark')).toBeNull();
  await page.close();
});

test('kit build: no import.meta.hot, no registry, the code under if (import.meta.hot) dropped', () => {
  const built = kitSync(['build', '--cwd', served.dir]);
  expect(built.status, built.stderr).toBe(0);
  const folder = join(served.dir, 'dist', 'm', '@hot', 'app@0.1.0', 'modules');
  const code = readdirSync(folder).map((file) => readFileSync(join(folder, file), 'utf8')).join('\n');
  expect(code).toContain('run ');
  expect(code).not.toMatch(/import\.meta\.hot|__kit|dispose|disposed/);
});
