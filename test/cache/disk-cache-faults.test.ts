import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, DiskStore, findModule, loadWorkspace } from '../../lib/compiler/index.js';
import { copySample, removeWorkspaces } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

test('an entry whose bytes changed on disk (its JSON still valid) is a miss and is rebuilt, never served', async () => {
  const dir = copySample('shop');
  const workspace = loadWorkspace(dir);
  const module = findModule(workspace, '@shop/util/format')!;
  const built = await new Compiler({ disk: DiskStore.forWorkspace(dir) }).compile(workspace, module, DEVELOPMENT);
  const cacheDir = join(dir, 'node_modules/.cache/kit');
  let damaged = 0;
  for (const name of readdirSync(cacheDir)) {
    const text = readFileSync(join(cacheDir, name), 'utf8');
    if (!text.includes('formatPrice')) continue;
    // A flipped letter inside the code: still JSON, still the same key.
    writeFileSync(join(cacheDir, name), text.replace('formatPrice', 'formatPrize'));
    damaged++;
  }
  expect(damaged).toBeGreaterThan(0);
  const compiler = new Compiler({ disk: DiskStore.forWorkspace(dir) });
  const again = await compiler.compile(workspace, module, DEVELOPMENT);
  expect(compiler.scripts.builds).toBe(1);
  expect(again.code).toBe(built.code);
  expect(again.code).not.toContain('formatPrize');
});
