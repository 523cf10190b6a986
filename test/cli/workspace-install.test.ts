import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { REPO } from '../helpers/workspace.js';

const parent = mkdtempSync(join(tmpdir(), 'kit-install-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

test("a workspace's npm install links kit as it is: no kit build runs, and kit answers from the workspace", () => {
  expect(spawnSync(process.execPath, [join(REPO, 'bin', 'kit.js'), 'create', 'site'], { cwd: parent }).status).toBe(0);
  const dir = join(parent, 'site');
  // --foreground-scripts prints every lifecycle script npm runs, the linked kit's included.
  const install = spawnSync('npm', ['install', '--foreground-scripts', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8' });
  expect(install.status, install.stderr).toBe(0);
  expect(`${install.stdout}${install.stderr}`).not.toMatch(/@kit-js\/packages@[\d.]+ (prepare|build|install|postinstall)/);
  const check = spawnSync('npm', ['run', 'check'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', KIT_CACHE_DIR: 'off' } });
  expect(check.status, check.stderr).toBe(0);
  expect(check.stdout).toContain('1 module: 1 valid, 0 invalid');
});
