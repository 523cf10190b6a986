import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { DEV, startTestServer } from '../helpers/server.js';
import { pkg, writeWorkspace } from '../helpers/workspace.js';

/** A chain of packages, each module importing the next one's statically; the last one's lazily imported neighbour is not built ahead. */
function chain(length: number): string {
  const files: Record<string, string | object> = { 'kit.json': { packages: Array.from({ length }, (_, i) => `packages/p${i}`).concat('packages/lazy') } };
  for (let i = 0; i < length; i++) {
    const next = i + 1 < length ? `@chain/p${i + 1}` : undefined;
    files[`packages/p${i}/package.json`] = pkg(`@chain/p${i}`, { kit: { modules: '.', bundler: 'esbuild' }, dependencies: { ...(next ? { [next]: '0.1.0' } : { '@chain/lazy': '0.1.0' }) } });
    files[`packages/p${i}/main/module.json`] = { platforms: ['web'], entry: 'index.ts' };
    files[`packages/p${i}/main/index.ts`] = next ? `import { n } from '${next}/main';\nexport const m = n + 1;\n` : "export const n = 0;\nexport const later = () => import('@chain/lazy/main');\n";
  }
  files['packages/lazy/package.json'] = pkg('@chain/lazy', { kit: { modules: '.', bundler: 'esbuild' } });
  files['packages/lazy/main/module.json'] = { platforms: ['web'], entry: 'index.ts' };
  files['packages/lazy/main/index.ts'] = 'export const lazy = true;\n';
  return writeWorkspace(files);
}

test('a served module starts the builds of what it imports statically, and theirs in turn; a lazy import is left for its request', async () => {
  const dir = chain(5);
  const cache = mkdtempSync(join(tmpdir(), 'kit-ahead-cache-'));
  const server = await startTestServer(dir, { env: { KIT_CACHE_DIR: cache } });
  try {
    const response = await fetch(`${server.url}m/@chain/p0@0.1.0/modules/main?${DEV}`);
    expect(response.status).toBe(200);
    // Only p0 was asked for: the other four are built by the service on its own, one entry each in its disk cache.
    await expect.poll(() => readdirSync(cache).filter((name) => name.endsWith('.json')).length, { timeout: 10_000 }).toBe(5);
    // And nothing more: the lazily imported module waits for a request.
    await new Promise((done) => setTimeout(done, 300));
    expect(readdirSync(cache).filter((name) => name.endsWith('.json'))).toHaveLength(5);
    const last = await fetch(`${server.url}m/@chain/p4@0.1.0/modules/main?${DEV}`);
    expect(last.headers.get('server-timing')).toMatch(/cache;desc="memory"/);
  } finally {
    await server.close();
  }
});
