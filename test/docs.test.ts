import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { CODES } from '../lib/compiler/index.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { userEnv } from './helpers/shell.js';
import { REPO, copySample, removeWorkspaces } from './helpers/workspace.js';

const servers: TestServer[] = [];
const made: string[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  removeWorkspaces();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

type Block = { info: string; code: string };

/** The ```sh blocks of a markdown file of the checkout (those marked `sh server` apart), as they are written; `section` keeps to one `## ` section. */
function shellBlocks(file: string, section?: string): Block[] {
  let text = readFileSync(join(REPO, file), 'utf8');
  if (section) {
    const start = text.indexOf(`\n## ${section}\n`);
    expect(start, `${file} has a "## ${section}" section`).toBeGreaterThan(-1);
    const end = text.indexOf('\n## ', start + 1);
    text = text.slice(start, end === -1 ? undefined : end);
  }
  return [...text.matchAll(/```(sh[^\n]*)\n([\s\S]*?)```/g)].map((m) => ({ info: m[1].trim(), code: m[2] }));
}

/**
 * Runs a doc's shell block as a user would, in `cwd`, with the service at `base`. `npx kit`
 * where no kit is installed is this checkout's kit (the docs run it from the checkout; once a
 * workspace has installed kit, npx finds that one); `npm pack` packs this checkout without
 * its prepack build, since the tests run on the built lib/.
 */
function runBlock(code: string, cwd: string, base = 'http://127.0.0.1:4173/') {
  const kit = `'${join(REPO, 'bin', 'kit.js')}'`;
  const npx = `npx() { if [ "$1" = kit ] && [ ! -e node_modules/.bin/kit ]; then shift; node ${kit} "$@"; else command npx "$@"; fi; }\n`;
  const script = npx + code.replaceAll('npm pack', `npm pack '${REPO}' --ignore-scripts`).replaceAll('http://127.0.0.1:4173/', base);
  return spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, encoding: 'utf8', env: userEnv() });
}

/**
 * Runs a doc's blocks in order, each from the checkout: a folder of its own in a new
 * directory, so that `../my-site` lands beside it. A `sh server` block, which must read
 * `server`, is the service of the workspace `workspace` (`kit run` with the development
 * extension, on a free port), serving the blocks after it. Returns the directory, the
 * service's address and the stdout of each block that ran.
 */
async function runDoc(blocks: Block[], workspace: string, server: string): Promise<{ root: string; base?: string; stdout: string[] }> {
  const root = mkdtempSync(join(tmpdir(), 'kit-docs-'));
  made.push(root);
  const checkout = join(root, 'checkout');
  mkdirSync(checkout);
  let base: string | undefined;
  const stdout: string[] = [];
  for (const block of blocks) {
    if (block.info === 'sh server') {
      expect(block.code.replace(/\s*#.*$/gm, '').trim()).toBe(server);
      const service = await startTestServer(join(root, workspace));
      servers.push(service);
      base = service.url;
      continue;
    }
    expect(block.info).toBe('sh');
    const ran = runBlock(block.code, checkout, base);
    expect(ran.status, `${block.code}\n${ran.stdout}\n${ran.stderr}`).toBe(0);
    stdout.push(ran.stdout);
  }
  return { root, base, stdout };
}

const rangeOf = (dir: string): string => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).devDependencies['@kit-js/packages'];

test('every shell example of the quick start runs as written', async () => {
  const blocks = shellBlocks('docs/quickstart.md');
  expect(blocks.map((block) => block.info)).toEqual(['sh', 'sh server', 'sh', 'sh']);
  const { root, stdout } = await runDoc(blocks, 'my-site', 'npx kit dev');
  const [setup, requests, packed] = stdout;
  expect(setup).toContain('main.js');
  expect(setup).toContain('Fix:');
  expect(realpathSync(resolve(root, 'my-site', rangeOf(join(root, 'my-site')).slice('file:'.length)))).toBe(realpathSync(REPO));
  expect(requests).toContain('"status":"valid"');
  expect(requests).toContain('.counter');
  expect(rangeOf(join(root, 'packed-site'))).toBe('file:../kit-js-packages-0.1.0.tgz');
  expect(packed).toContain('1 module: 1 valid, 0 invalid');
}, 300_000);

test("every shell example of the README's Quick start runs as written", async () => {
  const blocks = shellBlocks('README.md', 'Quick start');
  expect(blocks.map((block) => block.info)).toEqual(['sh', 'sh server']);
  const { root, base } = await runDoc(blocks, 'my-site', 'npm run dev');
  const site = join(root, 'my-site');
  expect(readdirSync(join(site, 'packages', 'app', 'main')).sort()).toEqual(['index.ts', 'module.json', 'styles.css']);
  expect(readFileSync(join(site, 'dist', 'robots.txt'), 'utf8')).toBe('User-agent: *\n');
  expect(readFileSync(join(site, 'dist', 'index.html'), 'utf8')).toContain('styles/main.css');
  // The dev script's service: the same kit run the block starts.
  expect(JSON.parse(readFileSync(join(site, 'package.json'), 'utf8')).scripts.dev).toBe('kit dev');
  const state = await (await fetch(new URL('state', base))).json();
  expect(state.modules.map((m: { vspecifier: string; status: string }) => `${m.vspecifier} ${m.status}`)).toEqual(['@my-site/app@0.1.0/main valid']);
}, 180_000);

test('every shell example of the HTTP reference runs against the example workspace', async () => {
  const service = await startTestServer(copySample('shop'));
  servers.push(service);
  const blocks = shellBlocks('docs/http.md');
  expect(blocks.length).toBeGreaterThan(0);
  for (const block of blocks) {
    const ran = runBlock(block.code, REPO, service.url);
    expect(ran.status, `${block.code}\n${ran.stderr}`).toBe(0);
  }
});

test('the error reference has one entry per code of the table, in its order, each with a fix; kit explain prints them', () => {
  const reference = readFileSync(join(REPO, 'docs', 'errors.md'), 'utf8');
  const headings = [...reference.matchAll(/^## (\S+)$/gm)].map(([, code]) => code).filter((code) => code !== 'TS<n>');
  expect(headings).toEqual(Object.keys(CODES));
  expect(Object.keys(CODES)).toEqual([...Object.keys(CODES)].sort());
  for (const section of reference.split(/^## /m).slice(1)) expect(section, section.split('\n')[0]).toMatch(/\nFix: /);
  // kit explain reads the same reference: one code of each kind.
  for (const code of ['ASSET_NOT_DECLARED', 'HELPER_SHARED', 'VERSION_MISMATCH']) {
    expect(execFileSync(process.execPath, [join(REPO, 'bin', 'kit.js'), 'explain', code], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })).toContain('Fix:');
  }
});
