import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { firstUrl, stopGroup, userEnv } from '../helpers/shell.js';
import { REPO } from '../helpers/workspace.js';

// A kit installed from `npm pack`, as a user without a registry that has kit gets it.
const root = mkdtempSync(join(tmpdir(), 'kit-packed-'));
const TARBALL = 'kit-js-packages-0.1.0.tgz';
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: userEnv(), timeout: 120_000 });
  return { code: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

const rangeOf = (dir: string): string => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).devDependencies['@kit-js/packages'];

beforeAll(() => {
  // The tests run on the built lib/ (`npm test` builds first), so the pack skips prepack's build.
  const packed = run('npm', ['pack', REPO, '--ignore-scripts', '--pack-destination', root], root);
  expect(packed.code, packed.stderr).toBe(0);
  expect(packed.stdout.trim().split('\n').at(-1)).toBe(TARBALL);
}, 120_000);

test('kit create from a packed install records the tarball, and its printed steps run as printed', async () => {
  const tools = join(root, 'tools');
  mkdirSync(tools);
  writeFileSync(join(tools, 'package.json'), '{ "private": true }\n');
  const installed = run('npm', ['install', '-D', `../${TARBALL}`, '--prefer-offline', '--no-audit', '--no-fund'], tools);
  expect(installed.code, installed.stderr).toBe(0);

  const created = run(join(tools, 'node_modules', '.bin', 'kit'), ['create', '../site', '--example'], tools);
  expect(created.code, created.stderr).toBe(0);
  const site = join(root, 'site');
  expect(rangeOf(site)).toBe(`file:../${TARBALL}`);

  const steps = [...created.stdout.matchAll(/^ {2}(\S.*)$/gm)].map((m) => m[1]);
  expect(steps).toEqual(['cd ../site', 'npm install', 'npm run dev']);
  // One shell, as the user types them; the last step serves until stopped.
  const shell = spawn('bash', ['-e', '-c', steps.join('\n')], { cwd: tools, env: userEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await firstUrl(shell);
    const preview = await (await fetch(`${url}preview/`)).text();
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(preview)?.[1];
    expect(stylesheet).toBeDefined();
    const styles = await fetch(new URL(stylesheet!.replaceAll('&amp;', '&'), `${url}preview/`));
    expect(styles.status).toBe(200);
    expect(await styles.text()).toContain('.counter');
  } finally {
    await stopGroup(shell);
  }
  const check = run('npm', ['run', 'check'], site);
  expect(check.code, check.stderr).toBe(0);
  expect(check.stdout).toContain('1 module: 1 valid, 0 invalid');
}, 240_000);

test('kit create from a global install, which no package.json names, links the installed kit', () => {
  const prefix = join(root, 'global');
  const installed = run('npm', ['install', '-g', '--prefix', prefix, `./${TARBALL}`, '--prefer-offline', '--no-audit', '--no-fund'], root);
  expect(installed.code, installed.stderr).toBe(0);
  const created = run(join(prefix, 'bin', 'kit'), ['create', 'linked'], root);
  expect(created.code, created.stderr).toBe(0);
  const site = join(root, 'linked');
  expect(rangeOf(site)).toBe('file:../global/lib/node_modules/@kit-js/packages');

  expect(run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], site).code).toBe(0);
  const check = run('npm', ['run', 'check'], site);
  expect(check.code, check.stderr).toBe(0);
  expect(check.stdout).toContain('1 module: 1 valid, 0 invalid');
}, 240_000);
