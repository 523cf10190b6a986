import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useChromium } from '../helpers/browser.js';
import { DEV, PROD, useServer } from '../helpers/server.js';
import { pkg, writeWorkspace } from '../helpers/workspace.js';

/** A relative `import(` left in compiled code: a chunk with no address of its own. */
const RELATIVE_CHUNK = /import\(\s*["'`]\.{1,2}\//;

const served = useServer(() =>
  writeWorkspace({
    'kit.json': { packages: ['packages/app', 'packages/other'] },
    'tsconfig.json': {
      compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], strict: true, noEmit: true, skipLibCheck: true },
      include: ['packages'],
    },
    'packages/app/package.json': pkg('@x/app', { dependencies: { '@x/other': '0.1.0' }, kit: { modules: '.', bundler: 'ts' } }),
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/main/index.ts': `const { paint } = await import('./lazy.js');
paint(document.body, 'painted lazily');
const other = await import('@x/other/mod');
other.mark(document.body);
`,
    'packages/app/main/lazy.ts': `export function paint(into: HTMLElement, text: string): void {
  const p = document.createElement('p');
  p.id = 'lazy';
  p.textContent = text;
  into.append(p);
}
`,
    // The other public module is built by esbuild, and lazily loads a helper of its own.
    'packages/other/package.json': pkg('@x/other', { kit: { modules: '.', bundler: 'esbuild' } }),
    'packages/other/mod/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/other/mod/index.ts': `export async function mark(into: HTMLElement): Promise<void> {
  const { label } = await import('./label.js');
  const p = document.createElement('p');
  p.id = 'other';
  p.textContent = label();
  into.append(p);
}
`,
    'packages/other/mod/label.ts': "export const label = () => 'marked by @x/other/mod';\n",
  }),
);
const chromium = useChromium();

const code = async (address: string) => {
  const response = await fetch(new URL(address, served.server.url));
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return text;
};

test('a lazily imported private helper is bundled into the module: no import( of a relative chunk', async () => {
  for (const options of [DEV, PROD]) {
    const app = await code(`/m/@x/app@0.1.0/modules/main?${options}`);
    expect(app).not.toMatch(RELATIVE_CHUNK);
    expect(app).toContain('painted lazily');
    const other = await code(`/m/@x/other@0.1.0/modules/mod?${options}`);
    expect(other).not.toMatch(RELATIVE_CHUNK);
    expect(other).toContain('marked by @x/other/mod');
  }
});

test('a dynamic import of another public module stays a bare dynamic import', async () => {
  for (const options of [DEV, PROD]) {
    const app = await code(`/m/@x/app@0.1.0/modules/main?${options}`);
    expect(app).toMatch(/import\(\s*["']@x\/other\/mod["']\s*\)/);
    expect(app).not.toContain('marked by @x/other/mod');
  }
});

test('the preview runs both lazy imports in Chromium, every request answered', async () => {
  const page: Page = await chromium.browser.newPage();
  const failures: string[] = [];
  page.on('requestfailed', (request) => failures.push(`${request.url()} failed: ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.url()} answered ${response.status()}`);
  });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  const response = await page.goto(new URL('/preview/', served.server.url).href);
  expect(response?.status()).toBe(200);
  await page.waitForSelector('#lazy', { timeout: 15_000 });
  await page.waitForSelector('#other', { timeout: 15_000 });
  expect(await page.textContent('#lazy')).toBe('painted lazily');
  expect(await page.textContent('#other')).toBe('marked by @x/other/mod');
  const importmap = JSON.parse((await page.textContent('script[type="importmap"]'))!) as { imports: Record<string, string> };
  expect(Object.keys(importmap.imports)).toContain('@x/other/mod');
  expect(failures).toEqual([]);
  await page.close();
});
