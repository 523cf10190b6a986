import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { REPO } from '../helpers/workspace.js';

const parent = mkdtempSync(join(tmpdir(), 'kit-umask-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** Runs kit under umask 022, as a shell of most systems does. */
const kit = (args: string[], cwd: string) => spawnSync('sh', ['-c', `umask 022 && exec "${process.execPath}" "${join(REPO, 'bin', 'kit.js')}" ${args.map((a) => `"${a}"`).join(' ')}`], { cwd, encoding: 'utf8', env: { ...process.env, KIT_CACHE_DIR: 'off' } });
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

test('under umask 022 the created workspace and the built dist/ are 0755 folders and 0644 files, as mkdir and cp make them', () => {
  const dir = join(parent, 'site');
  expect(kit(['create', dir], parent).status).toBe(0);
  expect(mode(dir)).toBe('755');
  expect(mode(join(dir, 'kit.json'))).toBe('644');
  expect(kit(['build'], dir).status).toBe(0);
  const dist = join(dir, 'dist');
  const entries = [dist, ...readdirSync(dist, { recursive: true, encoding: 'utf8' }).map((name) => join(dist, name))];
  const modes = new Set(entries.map((path) => `${statSync(path).isDirectory() ? 'dir' : 'file'} ${mode(path)}`));
  expect([...modes].sort()).toEqual(['dir 755', 'file 644']);
});
