import { afterAll, expect, test } from 'vitest';
import { useChromium } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);
const chromium = useChromium();

// esbuild checks no types: a wrong import builds, and only the browser finds it.
function workspace(main: string) {
  return writeWorkspace({
    'kit.json': { packages: ['packages/app', 'packages/lib'] },
    'index.html': '<!doctype html>\n<html><head><title>errors</title></head><body><p id="shown">page text</p><script type="module">import "@e/app/main";</script></body></html>\n',
    'packages/app/package.json': pkg('@e/app', { exports: { './main': './main/index.ts' }, dependencies: { '@e/lib': '0.1.0' }, kit: { bundler: 'esbuild' } }),
    'packages/app/main/index.ts': main,
    'packages/lib/package.json': pkg('@e/lib', { exports: { './tools': './tools/index.ts', './boom': './boom/index.ts' }, kit: { bundler: 'esbuild' } }),
    'packages/lib/tools/index.ts': 'export const tool = 1;\n',
    'packages/lib/boom/index.ts': "export const value = 1;\nthrow new Error('the lib broke while it loaded');\n",
  });
}

/** The overlay's text once it shows, and what the terminal printed of it. */
async function errorShown(main: string, expected: RegExp) {
  const server = await startTestServer(workspace(main));
  const page = await chromium.browser.newPage();
  try {
    await page.goto(`${server.url}preview/`);
    await page.waitForFunction(() => document.getElementById('kit-overlay')?.shadowRoot?.textContent?.includes('RUNTIME_ERROR'), undefined, { timeout: 10_000 });
    const overlay = await page.evaluate(() => document.getElementById('kit-overlay')!.shadowRoot!.textContent!);
    expect(overlay).toMatch(expected);
    expect(overlay).toContain('the page threw an error');
    // Loaded again: the terminal still says it once.
    await page.reload();
    await page.waitForFunction(() => document.getElementById('kit-overlay')?.shadowRoot?.textContent?.includes('RUNTIME_ERROR'), undefined, { timeout: 10_000 });
    await expect.poll(() => server.stderr()).toMatch(expected);
    // A later error of its own, reported after the reload's: once it is printed, the reload's report has been heard too.
    await page.evaluate(() => void Promise.reject(new Error('a later error')));
    await expect.poll(() => server.stderr()).toMatch(/a later error/);
    const printed = server.stderr().split('\n').filter((line) => line.includes('RUNTIME_ERROR') && !line.includes('a later error'));
    expect(printed).toHaveLength(1);
    return printed[0];
  } finally {
    await page.close();
    await server.close();
  }
}

test("an import of a name a module does not export shows in the overlay and the terminal, with the importer's address", async () => {
  const line = await errorShown("import { missing } from '@e/lib/tools';\nconsole.log(missing);\n", /does not provide an export named 'missing'/);
  expect(line).toMatch(/\(in \/m\/@e\/app@0\.1\.0\/modules\/main:\d+:\d+\)/);
});

test('a module that throws while it is evaluated shows in the overlay and the terminal, with its address', async () => {
  const line = await errorShown("import { value } from '@e/lib/boom';\nconsole.log(value);\n", /Error: the lib broke while it loaded/);
  expect(line).toMatch(/\(in \/m\/@e\/lib@0\.1\.0\/modules\/boom:\d+:\d+\)/);
});

test('an unhandled rejection shows too', async () => {
  await errorShown("Promise.reject(new Error('nobody caught this'));\n", /unhandled rejection: Error: nobody caught this/);
});
