import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useChromium } from '../helpers/browser.js';
import { clickBoth, ONCE, readNpmPage } from '../helpers/page.js';
import { DEV, useServer } from '../helpers/server.js';
import { copySample, writeFiles } from '../helpers/workspace.js';

// Below the checkout, where the repository's node_modules hold lit, preact, date-fns and nanoid.
const served = useServer(() => copySample('npm', { insideRepo: true }));
const chromium = useChromium();

interface EntryList {
  modules: { specifier: string; source: string; version?: string; url?: string }[];
  importmap: { imports: Record<string, string> };
  diagnostics: unknown[];
}
const entryList = async () => (await (await fetch(new URL('/preview/entry.json', served.server.url))).json()) as EntryList;

/** Opens the preview, collecting the console and the bodies the page loaded. */
async function openPreview(): Promise<{ page: Page; console: string[]; bodies: Map<string, string> }> {
  const page = await chromium.browser.newPage();
  const console: string[] = [];
  const bodies = new Map<string, string>();
  page.on('console', (m) => console.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => console.push(`error: ${e.message}`));
  page.on('response', async (r) => {
    if (r.url().includes('/m/')) bodies.set(r.url(), await r.text().catch(() => ''));
  });
  await page.goto(new URL('/preview/', served.server.url).href);
  return { page, console, bodies };
}

test('the preview loads each installed package once: date-fns state shared between entries, one lit, hooks and decorators working', async () => {
  const list = await entryList();
  expect(list.diagnostics).toEqual([]);
  for (const specifier of ['lit', 'lit/decorators/property.js', 'lit/decorators/state.js', '@lit/reactive-element', 'preact', 'preact/hooks', 'date-fns', 'date-fns/setDefaultOptions', 'date-fns/startOfWeek', 'nanoid']) {
    const module = list.modules.find((m) => m.specifier === specifier);
    expect(module, specifier).toMatchObject({ source: 'environment' });
    // Each entry is the output of its package's one build, named by its content.
    expect(module!.url).toMatch(new RegExp(`^\\.\\./m/[^?]+@[^/?]+/modules/~kit/[\\w-]+\\.js\\?${DEV.replaceAll('?', '\\?')}$`));
    expect(list.importmap.imports[specifier]).toBe(module!.url);
  }
  const { page, console, bodies } = await openPreview();
  const shown = await readNpmPage(page);
  expect(shown).toMatchObject(ONCE);
  expect(await clickBoth(page)).toEqual({ card: '1', counter: '6' });
  expect(console.filter((line) => /Multiple versions|error/i.test(line))).toEqual([]);
  // Four decorator entries, one ReactiveElement: only one loaded file defines it.
  const defining = [...bodies].filter(([url, body]) => url.includes('/m/@lit/reactive-element@') && body.includes('reactiveElementVersions'));
  expect(defining.map(([url]) => url)).toHaveLength(1);
  await page.close();
});

test("an installed entry's own address re-exports its output; the outputs are served with development options", async () => {
  const list = await entryList();
  const own = await fetch(new URL(`/m/date-fns@${list.modules.find((m) => m.specifier === 'date-fns')!.version}/modules/setDefaultOptions?${DEV}`, served.server.url));
  expect(own.status).toBe(200);
  expect(own.headers.get('cache-control')).toBe('no-cache');
  const output = list.importmap.imports['date-fns/setDefaultOptions'].replace(/^\.\./, '');
  expect(await own.text()).toContain(`export * from "./~kit/${output.split('/~kit/')[1]}"`);
  expect((await fetch(new URL(output, served.server.url))).status).toBe(200);
});

test('a new entry coming into use: new outputs at new addresses, the old ones still served, and the page, which reloads itself, still one copy', async () => {
  const before = await entryList();
  const { page } = await openPreview();
  expect(await readNpmPage(page)).toMatchObject(ONCE);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  writeFiles(served.dir, {
    'packages/dates/week/index.ts': `import { getDefaultOptions } from 'date-fns';
import { addDays } from 'date-fns/addDays';
import { startOfWeek } from 'date-fns/startOfWeek';

export function weekStart(): number {
  return startOfWeek(addDays(new Date(2024, 0, 9), 1)).getDate();
}

export function defaults(): string {
  return JSON.stringify(getDefaultOptions());
}
`,
  });
  // A valid code change: the page reloads itself.
  await page.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined, undefined, { timeout: 15_000 });
  let after = await entryList();
  await expect.poll(async () => (after = await entryList()).importmap.imports['date-fns/addDays']).toBeDefined();
  const old = before.importmap.imports['date-fns'];
  expect(after.importmap.imports['date-fns']).not.toBe(old);
  // A page still holding the earlier import map keeps loading the files it names.
  expect((await fetch(new URL(old.replace(/^\.\./, ''), served.server.url))).status).toBe(200);
  await page.waitForLoadState();
  expect(await readNpmPage(page)).toMatchObject(ONCE);
  await page.close();
});
