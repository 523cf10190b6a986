import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEV } from '../helpers/server.js';
import { REPO, copySample, removeWorkspaces } from '../helpers/workspace.js';
// In process, so the test can count builds and listeners; the same service `kit run` starts.
import { startService, type Service } from '../../lib/serve/server.js';

let service: Service;

beforeAll(async () => {
  service = await startService({ root: copySample('shop'), port: 0, development: true });
});
afterAll(async () => {
  await service?.close();
  removeWorkspaces();
});

test('200 concurrent requests for one cold module share one build and get identical bytes', async () => {
  const before = service.context.compiler.scripts.builds;
  const bodies = await Promise.all(Array.from({ length: 200 }, () => fetch(`${service.url}m/@shop/app@0.1.0/modules/main?${DEV}`).then((r) => r.text())));
  // One build of the module, and one ahead of each of the four workspace modules it imports (CONTRACT §5).
  await service.context.ahead!.settled();
  expect(service.context.compiler.scripts.builds - before).toBe(1 + 4);
  expect(new Set(bodies).size).toBe(1);
  expect(bodies[0]).toContain("from '@shop/ui/button'");
});

test('1,000 event streams opened and dropped leave no listener behind', async () => {
  for (let batch = 0; batch < 10; batch++) {
    await Promise.all(Array.from({ length: 100 }, async () => {
      const controller = new AbortController();
      const response = await fetch(`${service.url}events`, { signal: controller.signal });
      await response.body!.getReader().read();
      controller.abort();
    }));
  }
  await expect.poll(() => service.context.channel.subscribers, { timeout: 5000 }).toBe(0);
});

test('edit → request cycles keep the post-GC heap within 10% of its level after warm-up (reduced; npm run soak runs 1,000)', () => {
  const run = spawnSync(process.execPath, ['--expose-gc', join(REPO, 'bench', 'soak.js'), '--cycles', '300'], { encoding: 'utf8', timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  const result = JSON.parse(run.stdout.trim().split('\n').pop()!) as { growth: number };
  expect(result.growth).toBeLessThan(0.1);
});

test('the artifact cache lets go of the builds of a version that no longer exists', async () => {
  const workspace = service.context.loader.loadChecked();
  const { compiler } = service.context;
  await fetch(`${service.url}state`);
  expect(compiler.scripts.keys().some((k) => k.includes('@shop/util@0.1.0'))).toBe(true);
  const manifest = join(workspace.root, 'packages/util/package.json');
  writeFileSync(manifest, JSON.stringify({ name: '@shop/util', version: '0.9.0', private: true, kit: { modules: '.', bundler: 'esbuild' } }));
  await fetch(`${service.url}state`);
  expect(compiler.scripts.keys().filter((k) => k.includes('@shop/util@0.1.0'))).toEqual([]);
  expect(compiler.scripts.keys().some((k) => k.includes('@shop/util@0.9.0'))).toBe(true);
});
