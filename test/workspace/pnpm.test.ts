import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { useChromium } from '../helpers/browser.js';
import { startStaticSite, type TestNginx } from '../helpers/nginx.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { REPO, copySample, removeWorkspaces } from '../helpers/workspace.js';

// CONTRACT §9: a pnpm monorepo (test/samples/pnpm: `packages/*`, `workspace:^`, pnpm's
// `.pnpm` layout) is taken as pnpm lays it out, with the pinned pnpm kit's tests install.
const PNPM = join(REPO, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
/** TypeScript 7's own tsc (`npx tsc` is 5.9, kit's emitter). */
const TSC7 = join(REPO, 'node_modules', 'typescript-native', 'bin', 'tsc');
const INSTALL_TIMEOUT = 180_000;

// One pnpm store for the file, and `pnpm` on PATH as the pinned pnpm (for the guide's commands).
const temp = mkdtempSync(join(tmpdir(), 'kit-pnpm-'));
const store = join(temp, 'store');
const bin = join(temp, 'bin');
mkdirSync(bin);
writeFileSync(join(bin, 'pnpm'), `#!/bin/sh\nexec "${process.execPath}" "${PNPM}" "$@"\n`);
chmodSync(join(bin, 'pnpm'), 0o755);

const chromium = useChromium();
const running: (TestNginx | TestServer)[] = [];
let dir: string;

beforeAll(() => {
  dir = installed();
}, INSTALL_TIMEOUT);
afterAll(async () => {
  for (const service of running) await ('stop' in service ? service.stop() : service.close());
  removeWorkspaces();
  rmSync(temp, { recursive: true, force: true });
});

/** A fresh copy of the sample after `pnpm install` alone, as a clone has it once installed. */
function installed(): string {
  const copy = copySample('pnpm');
  const install = spawnSync(process.execPath, [PNPM, 'install', '--frozen-lockfile', '--store-dir', store], { cwd: copy, encoding: 'utf8', timeout: INSTALL_TIMEOUT });
  expect(install.status, `${install.stdout}${install.stderr}`).toBe(0);
  return copy;
}

const kit = (args: string[], cwd: string) => kitSync([...args, '--cwd', cwd]);

/** The names in a directory; none when it does not exist. */
const listing = (path: string): string[] => (existsSync(path) ? readdirSync(path) : []);

/** Every file below `root`, relative to it. */
const filesBelow = (root: string): string[] => readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => lstatSync(join(root, file)).isFile());

/** The version pnpm installed of lit's dependency `name`: the package beside lit in `.pnpm`. */
function besideLit(name: string): string {
  const lit = realpathSync(join(dir, 'packages', 'app', 'node_modules', 'lit'));
  return (JSON.parse(readFileSync(join(lit, '..', name, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Opens `url` in Chromium, waits for `<pn-app>` to show `@pn/ui`'s button and clicks it:
 * what the page shows, how often lit loaded, and every page error, console error and failed response.
 */
async function openApp(url: string) {
  const page = await chromium.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  try {
    await page.goto(url);
    // Waits for the button to render and answer a click; when it never does, the errors say why.
    await page
      .locator('pn-app pn-button button')
      .click({ timeout: 15_000 })
      .then(() => page.waitForFunction(() => document.querySelector('pn-app')?.shadowRoot?.querySelector('pn-button')?.shadowRoot?.querySelector('button')?.textContent === 'go 1', undefined, { timeout: 5_000 }))
      .catch((e: Error) => errors.push(`not rendered: ${e.message.split('\n')[0]}`));
    const shown = await page.evaluate(() => {
      const app = document.querySelector('pn-app')?.shadowRoot;
      const versions = (name: string) => ((globalThis as unknown as Record<string, unknown[] | undefined>)[name] ?? []).length;
      return {
        status: app?.querySelector('.status')?.textContent,
        button: app?.querySelector('pn-button')?.shadowRoot?.querySelector('button')?.textContent,
        litElements: versions('litElementVersions'),
        litHtmls: versions('litHtmlVersions'),
        reactiveElements: versions('reactiveElementVersions'),
      };
    });
    return { ...shown, errors };
  } finally {
    await page.close();
  }
}

/** The page as it must show: rendered, the button clicked once, lit loaded once, nothing failed. */
const SHOWN = { status: 'ready', button: 'go 1', litElements: 1, litHtmls: 1, reactiveElements: 1, errors: [] };

/** nginx serving `dist` as docs/deploy.md configures it; its address. */
async function serveStatic(dist: string): Promise<string> {
  const site = await startStaticSite(dist);
  running.push(site);
  return site.url;
}

/** The shell blocks of docs/guide.md's section `heading`, with their info strings (`sh`, `sh server`). */
function guideBlocks(heading: string): { info: string; code: string }[] {
  const guide = readFileSync(join(REPO, 'docs', 'guide.md'), 'utf8');
  const section = guide.split(/^## /m).find((part) => part.startsWith(`${heading}\n`));
  if (!section) throw new Error(`docs/guide.md has no "## ${heading}" section`);
  return [...section.matchAll(/```(sh[^\n]*)\n([\s\S]*?)```/g)].map((m) => ({ info: m[1].trim(), code: m[2] }));
}

test("pnpm lays the workspace out its own way: lit through .pnpm, @pn/ui a link to the workspace's package", () => {
  expect(lstatSync(join(dir, 'node_modules', '.pnpm')).isDirectory()).toBe(true);
  expect(existsSync(join(dir, 'node_modules', 'lit'))).toBe(false);
  const lit = join(dir, 'packages', 'app', 'node_modules', 'lit');
  expect(lstatSync(lit).isSymbolicLink()).toBe(true);
  expect(realpathSync(lit)).toBe(realpathSync(join(dir, 'node_modules', '.pnpm', 'lit@3.3.3', 'node_modules', 'lit')));
  const ui = join(dir, 'packages', 'app', 'node_modules', '@pn', 'ui');
  expect(lstatSync(ui).isSymbolicLink()).toBe(true);
  expect(realpathSync(ui)).toBe(realpathSync(join(dir, 'packages', 'ui')));
});

test("a fresh clone type-checks with TypeScript 7's tsc after pnpm install alone: no kit command, no .kit", () => {
  expect(existsSync(join(dir, '.kit'))).toBe(false);
  const typed = spawnSync(process.execPath, [TSC7, '--noEmit', '-p', dir], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(`${typed.stdout}${typed.stderr}`).toBe('');
  expect(typed.status).toBe(0);
  expect(existsSync(join(dir, '.kit'))).toBe(false);
});

test('kit build emits lit and its own dependencies once each, records the versions workspace:^ and lit resolved to, and writes no workspace: range', () => {
  const built = kit(['build'], dir);
  expect(built.status, built.stderr).toBe(0);
  const m = join(dir, 'dist', 'm');
  const emitted = [...listing(m), ...listing(join(m, '@lit')).map((name) => `@lit/${name}`)];
  for (const name of ['lit', 'lit-html', 'lit-element', '@lit/reactive-element']) {
    const version = name === 'lit' ? '3.3.3' : besideLit(name);
    expect(emitted.filter((entry) => entry.startsWith(`${name}@`)), name).toEqual([`${name}@${version}`]);
  }
  const distribution = (path: string) => JSON.parse(readFileSync(join(m, path, 'kit-distribution.json'), 'utf8')) as { dependencies?: Record<string, string> };
  expect(distribution('@pn/app@0.1.0').dependencies).toEqual({ '@pn/ui': '1.2.0', lit: '3.3.3' });
  expect(distribution('@pn/ui@1.2.0').dependencies).toEqual({ lit: '3.3.3' });
  const dist = join(dir, 'dist');
  expect(filesBelow(dist).filter((file) => readFileSync(join(dist, file), 'utf8').includes('workspace:'))).toEqual([]);
});

test('the built page, served by nginx, renders @pn/app with @pn/ui\'s button, lit loaded once, no errors', async () => {
  expect(existsSync(join(dir, 'dist', 'index.html'))).toBe(true);
  expect(await openApp(await serveStatic(join(dir, 'dist')))).toEqual(SHOWN);
});

test("kit run serves the workspace's page at /: rendered, lit loaded once, no errors", async () => {
  const server = await startTestServer(dir);
  running.push(server);
  expect(await openApp(server.url)).toEqual(SHOWN);
});

test('docs/guide.md "Bring a pnpm monorepo", as written, adopts kit in the pnpm workspace and builds it', () => {
  const [commands, service] = guideBlocks('Bring a pnpm monorepo');
  expect([commands?.info, service?.info]).toEqual(['sh', 'sh server']);
  expect(service.code.trim()).toBe('pnpm exec kit run --extensions @kit-js/packages/development');
  const copy = copySample('pnpm');
  rmSync(join(copy, 'kit.json'));
  const env = { ...process.env, NO_COLOR: '1', KIT_CHECKOUT: REPO, PATH: `${bin}:${process.env.PATH}`, pnpm_config_store_dir: store };
  const ran = spawnSync('bash', ['-e', '-c', commands.code], { cwd: copy, encoding: 'utf8', env, timeout: INSTALL_TIMEOUT });
  expect(ran.status, `${ran.stdout}${ran.stderr}`).toBe(0);
  expect(JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')).devDependencies).toEqual({ '@kit-js/packages': `link:${REPO}` });
  expect(existsSync(join(copy, 'dist', 'index.html'))).toBe(true);
}, INSTALL_TIMEOUT);
