import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { useChromium } from '../helpers/browser.js';
import { startStaticSite, type TestNginx } from '../helpers/nginx.js';
import { DEV, startTestServer, type TestServer } from '../helpers/server.js';
import { copySample, removeWorkspaces } from '../helpers/workspace.js';

// CONTRACT §10: a shadcn-style design system (`"."` with conditions, `./components/*` and
// `./lib/*` patterns, components sharing a folder and a helper) and an app that imports it,
// with pnpm's `workspace:^` and `catalog:` ranges, taken as written. Inside the checkout:
// preact is installed there.
const dir = copySample('design-system', { insideRepo: true });
const chromium = useChromium();
const running: (TestNginx | TestServer)[] = [];
afterAll(async () => {
  for (const service of running) await ('stop' in service ? service.stop() : service.close());
  removeWorkspaces();
});

const kit = (command: string) => kitSync([command, '--cwd', dir]);

/** Opens the page, clicks the button once: what the card shows, and every error. */
async function openPage(url: string) {
  const page = await chromium.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  try {
    await page.goto(url);
    await page.locator('.ui-card button').click({ timeout: 15_000 });
    await page.locator('.ui-card button', { hasText: 'clicked 1' }).waitFor({ timeout: 5_000 });
    const shown = await page.evaluate(() => ({
      title: document.querySelector('.ui-card h2')?.textContent,
      button: document.querySelector('.ui-card button')?.className,
      card: document.querySelector('.ui-card')?.className,
    }));
    return { ...shown, errors };
  } finally {
    await page.close();
  }
}

const SHOWN = { title: 'Acme UI 1.0.0', button: 'ui-button ui-primary', card: 'ui-card ui-quiet', errors: [] };

test('kit check finds the root module, one module per pattern match, and warns of the helper two components share', () => {
  const checked = kit('check');
  expect(checked.status, checked.stderr).toBe(0);
  expect(checked.stdout.split('\n').filter((line) => line.startsWith('✓'))).toEqual([
    '✓ @acme/ui@1.0.0/components/button ts',
    '✓ @acme/ui@1.0.0/components/card ts',
    '✓ @acme/ui@1.0.0/index ts',
    '✓ @acme/ui@1.0.0/lib/utils ts',
    '✓ @acme/web@0.1.0/index ts',
  ]);
  expect(checked.stderr).toContain(
    'warning: packages/ui/src/components/variants.ts:1:1 HELPER_SHARED packages/ui/src/components/variants.ts is a private helper of @acme/ui/components/button and @acme/ui/components/card',
  );
});

test('kit build emits the root module at index, maps it by the package name, and records what catalog: and workspace:^ resolved to', () => {
  const built = kit('build');
  expect(built.status, built.stderr).toBe(0);
  const dist = join(dir, 'dist');
  expect(existsSync(join(dist, 'm/@acme/ui@1.0.0/modules/index.js'))).toBe(true);
  expect(existsSync(join(dist, 'm/@acme/ui@1.0.0/modules/components/button.js'))).toBe(true);
  const mapped = (JSON.parse(readFileSync(join(dist, 'importmap.json'), 'utf8')) as { imports: Record<string, string> }).imports;
  // Each file's address path, less the token of its content.
  const imports = Object.fromEntries(Object.entries(mapped).map(([specifier, url]) => [specifier, url.replace(/\?v=[0-9a-f]{10}$/, '')]));
  expect(imports['@acme/ui']).toBe('./m/@acme/ui@1.0.0/modules/index.js');
  expect(imports['@acme/web']).toBe('./m/@acme/web@0.1.0/modules/index.js');
  expect(imports['@acme/ui/components/card']).toBe('./m/@acme/ui@1.0.0/modules/components/card.js');
  const web = JSON.parse(readFileSync(join(dist, 'm/@acme/web@0.1.0/kit-distribution.json'), 'utf8')) as { dependencies: Record<string, string> };
  expect(web.dependencies).toEqual({ '@acme/ui': '1.0.0', preact: '11.2.0' });
  // The root module is its own artifact: the app imports it by the package's name.
  expect(readFileSync(join(dist, 'm/@acme/web@0.1.0/modules/index.js'), 'utf8')).toMatch(/from ?['"]@acme\/ui['"]/);
});

test('the built page, served by nginx, renders the app with the design system', async () => {
  const site = await startStaticSite(join(dir, 'dist'));
  running.push(site);
  expect(await openPage(site.url)).toEqual(SHOWN);
});

test('kit run serves the same page in development', async () => {
  const server = await startTestServer(dir);
  running.push(server);
  expect(await openPage(server.url)).toEqual(SHOWN);
  const root = await fetch(new URL(`/m/@acme/ui@1.0.0/modules/index?${DEV}`, server.url));
  expect(root.status).toBe(200);
  const state = (await (await fetch(new URL('/state', server.url))).json()) as { warnings: { code: string; file: string }[] };
  expect(state.warnings).toMatchObject([{ code: 'HELPER_SHARED', file: 'packages/ui/src/components/variants.ts' }]);
});
