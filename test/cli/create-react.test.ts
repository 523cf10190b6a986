import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { useChromium } from '../helpers/browser.js';
import { startStaticSite, type TestNginx } from '../helpers/nginx.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { firstUrl, stopGroup, userEnv } from '../helpers/shell.js';
import { REPO } from '../helpers/workspace.js';

// The React starter, created below the checkout: the repository's node_modules holds react,
// react-dom and their types, so the workspace resolves them without an install (the quick
// start's test alone installs, as a user does).
const chromium = useChromium();
const made: string[] = [];
const running: (TestNginx | TestServer)[] = [];
afterAll(async () => {
  for (const service of running) await ('stop' in service ? service.stop() : service.close());
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const parent = join(REPO, 'test', '.tmp');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'kit-create-react-'));
  made.push(dir);
  return dir;
}

function kit(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [join(REPO, 'bin', 'kit.js'), ...args], { cwd, encoding: 'utf8', env: userEnv(), timeout: 120_000 });
  return { code: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

/** A fresh React workspace, `site` in a scratch folder, its package `@acme/site`. */
function createReact(): string {
  const root = scratch();
  const created = kit(['create', 'site', '--name', '@acme/site', '--template', 'react'], root);
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toContain('\n  cd site\n  npm install\n  npm run dev\n');
  return join(root, 'site');
}

/** The page's counter, clicked once; any error the page threw or logged fails it. */
async function counterClicks(url: string): Promise<{ before: string; after: string }> {
  const page: Page = await chromium.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  try {
    await page.goto(url);
    const button = page.locator('#root button');
    await button.waitFor();
    const before = (await button.textContent()) ?? '';
    await button.click();
    await expect.poll(() => button.textContent()).not.toBe(before);
    const after = (await button.textContent()) ?? '';
    // The logo is the declared asset at its address: loaded, so it has a width.
    const logo = page.locator('#root img.logo');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    return { before, after };
  } finally {
    await page.close();
  }
}

test('kit create --template react writes the React + TypeScript starter', () => {
  const site = createReact();
  const files = readdirSync(site, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile());
  expect(files.map((entry) => relative(site, join(entry.parentPath, entry.name))).sort()).toEqual([
    '.gitignore',
    'index.html',
    'kit-env.d.ts',
    'kit.json',
    'package.json',
    'packages/site/package.json',
    'packages/site/src/App.css',
    'packages/site/src/App.tsx',
    'packages/site/src/assets/react.svg',
    'packages/site/src/index.css',
    'packages/site/src/main.tsx',
    'packages/site/src/module.json',
    'tsconfig.json',
  ]);

  const root = readJson(join(site, 'package.json'));
  expect(root.scripts).toEqual({ dev: 'kit dev', build: 'kit build', check: 'kit check' });
  expect(root.devDependencies).toMatchObject({ '@types/react': '19.3.3', '@types/react-dom': '19.3.0', typescript: expect.any(String), '@kit-js/packages': expect.stringMatching(/^file:/) });
  const app = readJson(join(site, 'packages', 'site', 'package.json'));
  expect(app).toMatchObject({ name: '@acme/site', version: '0.1.0', exports: { './main': './src/main.tsx' }, dependencies: { react: '19.3.1', 'react-dom': '19.3.1' } });
  expect(readJson(join(site, 'packages', 'site', 'src', 'module.json'))).toMatchObject({ entry: 'main.tsx', assets: ['assets/react.svg'] });
  expect(readJson(join(site, 'tsconfig.json')).compilerOptions.jsx).toBe('react-jsx');

  const page = readFileSync(join(site, 'index.html'), 'utf8');
  expect(page).toContain('<div id="root"></div>');
  expect(page).toContain("<script type=\"module\">import '@acme/site/main';</script>");
  const main = readFileSync(join(site, 'packages', 'site', 'src', 'main.tsx'), 'utf8');
  expect(main).toContain("createRoot(document.getElementById('root')!)");
  expect(main).toContain('<StrictMode>');
  const tsx = readFileSync(join(site, 'packages', 'site', 'src', 'App.tsx'), 'utf8');
  expect(tsx).toContain("import reactLogo from './assets/react.svg';");
  expect(tsx).toContain('<code>packages/site/src/App.tsx</code>');
  expect(readFileSync(join(site, 'packages', 'site', 'src', 'assets', 'react.svg'), 'utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
});

test('the React starter passes kit check, and its built page counts clicks in Chromium behind nginx', async () => {
  const site = createReact();
  const checked = kit(['check', '--cwd', site], site);
  expect(checked.stderr).toBe('');
  expect(checked.code).toBe(0);
  expect(checked.stdout).toContain('1 module: 1 valid, 0 invalid');

  const built = kit(['build', '--cwd', site], site);
  expect(built.code, built.stderr).toBe(0);
  const dist = join(site, 'dist');
  expect(existsSync(join(dist, 'm', '@acme', 'site@0.1.0', 'assets', 'main', 'assets', 'react.svg'))).toBe(true);
  // index.css and App.css, each imported by a file of the module, make its one stylesheet.
  const styles = readFileSync(join(dist, 'm', '@acme', 'site@0.1.0', 'styles', 'main.css'), 'utf8');
  expect(styles).toContain('place-items:center');
  expect(styles).toContain('.logo');
  const map = readJson(join(dist, 'importmap.json')).imports;
  expect(Object.keys(map)).toEqual(expect.arrayContaining(['@acme/site/main', 'react', 'react/jsx-runtime', 'react-dom/client']));

  const nginx = await startStaticSite(dist);
  running.push(nginx);
  const shown = await counterClicks(nginx.url);
  expect(shown).toMatchObject({ before: 'count is 0', after: 'count is 1' });
});

test("the React starter's preview counts clicks, and does what its hints say: App.css swaps in place, App.tsx refreshes in place, the count kept", async () => {
  const site = createReact();
  const server = await startTestServer(site);
  running.push(server);
  const shown = await counterClicks(`${server.url}preview/`);
  expect(shown).toMatchObject({ before: 'count is 0', after: 'count is 1' });

  const page = await chromium.browser.newPage();
  try {
    await page.goto(`${server.url}preview/`);
    const button = page.locator('#root button');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('count is 1');
    await page.evaluate(() => ((window as unknown as { mark: string }).mark = 'not reloaded'));
    const source = join(site, 'packages', 'site', 'src');
    const card = page.locator('#root .card');
    writeFileSync(join(source, 'App.css'), `${readFileSync(join(source, 'App.css'), 'utf8')}\n.card { background-color: rgb(1, 2, 3); }\n`);
    await expect.poll(() => card.evaluate((element) => getComputedStyle(element).backgroundColor), { timeout: 15_000 }).toBe('rgb(1, 2, 3)');
    expect(await button.textContent()).toBe('count is 1');
    writeFileSync(join(source, 'App.tsx'), readFileSync(join(source, 'App.tsx'), 'utf8').replace('kit + React', 'Edited'));
    await expect.poll(() => page.locator('#root h1').textContent(), { timeout: 15_000 }).toBe('Edited');
    // React Fast Refresh: the component re-rendered with its state.
    expect(await button.textContent()).toBe('count is 1');
    expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe('not reloaded');
  } finally {
    await page.close();
  }
});

/** The ```bash blocks of the quick start's React section (the file's ```sh blocks are test/docs.test.ts's). */
function quickStartReactBlocks(): string[] {
  const text = readFileSync(join(REPO, 'docs', 'quickstart.md'), 'utf8');
  const start = text.indexOf('\n## React\n');
  expect(start, 'docs/quickstart.md has a "## React" section').toBeGreaterThan(-1);
  const end = text.indexOf('\n## ', start + 1);
  return [...text.slice(start, end === -1 ? undefined : end).matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]);
}

test("the quick start's React section runs as written: create, install, check, build, then dev", async () => {
  const [setup, dev, ...more] = quickStartReactBlocks();
  expect(more).toEqual([]);
  expect(dev.trim()).toBe('npm run dev');
  // Run from a folder standing for the checkout, so that ../my-react-app lands beside it.
  const root = mkdtempSync(join(tmpdir(), 'kit-react-docs-'));
  made.push(root);
  const checkout = join(root, 'checkout');
  mkdirSync(checkout);
  // `npx kit` where no kit is installed is this checkout's kit, as in test/docs.test.ts.
  const npx = `npx() { if [ "$1" = kit ] && [ ! -e node_modules/.bin/kit ]; then shift; node '${join(REPO, 'bin', 'kit.js')}' "$@"; else command npx "$@"; fi; }\n`;
  // npm's cache first: the registry is asked only for what it lacks.
  const env = { ...userEnv(), npm_config_prefer_offline: 'true' };
  const ran = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', npx + setup], { cwd: checkout, encoding: 'utf8', env, timeout: 240_000 });
  expect(ran.status, `${ran.stdout}\n${ran.stderr}`).toBe(0);
  expect(ran.stdout.split('\n')).toEqual(expect.arrayContaining(['@my-react-app', 'react@19.3.1', 'react-dom@19.3.1', 'scheduler@0.28.0']));

  const site = join(root, 'my-react-app');
  // The editor's schemas, installed with kit.
  for (const file of ['kit.json', 'packages/app/src/module.json']) {
    const schema = join(site, file, '..', readJson(join(site, file)).$schema);
    expect(existsSync(schema), `${file} → ${schema}`).toBe(true);
  }
  const service = spawn('bash', ['-e', '-c', dev], { cwd: site, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await firstUrl(service);
    expect(await counterClicks(`${url}preview/`)).toMatchObject({ before: 'count is 0', after: 'count is 1' });
  } finally {
    await stopGroup(service);
  }
}, 300_000);

test('kit create --help names the templates; an unknown one, or --example with the React starter, is one line and writes nothing', () => {
  const root = scratch();
  const help = kit(['create', '--help'], root);
  expect(help.stdout.replace(/\s+/g, ' ')).toContain('--template the template: kit-web (a TypeScript module) or react (React + TypeScript) [string] [default: "kit-web"]');
  const unknown = kit(['create', 'site', '--template', 'vue'], root);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toBe('kit create: there is no template "vue"; pass --template kit-web or react\n');
  const example = kit(['create', 'site', '--template', 'react', '--example'], root);
  expect(example.code).toBe(1);
  expect(example.stderr).toBe('kit create: the react template is a styled starter already; leave out --example\n');
  expect(readdirSync(root)).toEqual([]);

  // A non-empty directory is refused whatever the template, and kept as it was.
  mkdirSync(join(root, 'taken'));
  writeFileSync(join(root, 'taken', 'notes.txt'), 'mine\n');
  const taken = kit(['create', 'taken', '--template', 'react'], root);
  expect(taken.code).toBe(1);
  expect(taken.stderr).toMatch(/^kit create: \S+taken is not empty; choose a new or empty directory\n$/);
  expect(readdirSync(root)).toEqual(['taken']);
  expect(readdirSync(join(root, 'taken'))).toEqual(['notes.txt']);
});
