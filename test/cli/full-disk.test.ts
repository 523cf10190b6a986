import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { copySample, removeWorkspaces } from '../helpers/workspace.js';

// A real full disk: a small tmpfs (as root; the test says why it is skipped elsewhere).
const mountPoint = mkdtempSync(join(tmpdir(), 'kit-full-'));
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', mountPoint]).status === 0;

afterAll(() => {
  if (mounted) spawnSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
  removeWorkspaces();
});

const kit = (args: string[], cwd: string) => kitSync(args, { cwd, env: { KIT_CACHE_DIR: 'off' } });

/** Every file below `dir` with its content: equal snapshots mean nothing changed. */
function contents(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) if (statSync(join(dir, name)).isFile()) files[name] = readFileSync(join(dir, name), 'utf8');
  return files;
}

test.skipIf(!mounted)('kit build onto a disk that fills up: one line naming the directory and the reason, and the previous emit as it was', () => {
  const dir = copySample('shop');
  const out = join(mountPoint, 'dist');
  expect(kit(['build', '--out', out], dir).status).toBe(0);
  const before = contents(out);
  // Leave the disk too little room for another emit beside the first.
  const free = Number(spawnSync('df', ['--output=avail', '-B1', mountPoint], { encoding: 'utf8' }).stdout.trim().split('\n')[1]);
  writeFileSync(join(mountPoint, 'filler'), Buffer.alloc(Math.max(0, free - 8 * 1024)));
  const failed = kit(['build', '--out', out], dir);
  expect(failed.status).toBe(1);
  expect(failed.stderr.trim().split('\n')).toEqual([`kit build: cannot write ${out}: no space left on the device; ${out} is as it was`]);
  expect(contents(out)).toEqual(before);
  expect(readdirSync(mountPoint).sort()).toEqual(['dist', 'filler']);
});

test.skipIf(!mounted)('kit create onto a disk that is full: one line naming the place, and nothing created', () => {
  const free = Number(spawnSync('df', ['--output=avail', '-B1', mountPoint], { encoding: 'utf8' }).stdout.trim().split('\n')[1]);
  writeFileSync(join(mountPoint, 'filler-2'), Buffer.alloc(Math.max(0, free - 4 * 1024)));
  const target = join(mountPoint, 'site');
  const failed = kit(['create', target], tmpdir());
  expect(failed.status).toBe(1);
  expect(failed.stderr.trim().split('\n')).toEqual([`kit create: cannot write ${target} (ENOSPC); nothing was created`]);
  expect(readdirSync(mountPoint).filter((name) => !name.startsWith('filler') && name !== 'dist')).toEqual([]);
});

test.skipIf(!mounted)('a cache on a full disk is skipped with one warning naming it; the build succeeds', () => {
  const dir = copySample('shop');
  const cache = join(mountPoint, 'cache');
  const result = kitSync(['build'], { cwd: dir, env: { KIT_CACHE_DIR: cache } });
  expect(result.status, result.stderr).toBe(0);
  expect(result.stderr.trim().split('\n')).toEqual([`warning: the cache in ${cache} cannot be written (ENOSPC); going on without it`]);
  expect(result.stdout).toMatch(/built 5 modules/);
});
