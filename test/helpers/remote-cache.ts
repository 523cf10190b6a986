import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kitSync } from './kit-command.js';
import { freePort, startNginx, type TestNginx } from './nginx.js';

/** Bazel's HTTP cache on nginx's WebDAV module, as docs/remote-cache.md configures it, on a free port; `url` ends in `/`. */
export async function startRemoteCache(): Promise<TestNginx & { url: string }> {
  const port = await freePort();
  const nginx = await startNginx((dir) => `  server {
    listen 127.0.0.1:${port};
    location / { root ${dir}/cache; dav_methods PUT; create_full_put_path on; client_max_body_size 64m; }
  }`, port);
  return Object.assign(nginx, { url: `http://127.0.0.1:${port}/` });
}

/** `kit build` in `dir` with no disk cache, and the counts of its summary's remote-cache line (-1 when it has none). */
export function buildWithRemote(dir: string, args: string[], env: Record<string, string> = {}) {
  const result = kitSync(['build', ...args], { cwd: dir, env: { KIT_CACHE_DIR: 'off', ...env } });
  const counts = /remote cache: (\d+) from it, (\d+) missed(?:, (\d+) uploaded)?/.exec(`${result.stdout}${result.stderr}`);
  return { ...result, hits: Number(counts?.[1] ?? -1), misses: Number(counts?.[2] ?? -1), uploads: Number(counts?.[3] ?? 0) };
}

/** Where nginx's access log ends now: what `actionRequests` reads from. */
export const logMark = (nginx: TestNginx) => readFileSync(join(nginx.dir, 'access.log'), 'utf8').length;

/** The `ac/` requests nginx answered for `prefix` since `mark`, by status. */
export function actionRequests(nginx: TestNginx, prefix: string, mark: number): Record<string, number> {
  const log = readFileSync(join(nginx.dir, 'access.log'), 'utf8').slice(mark);
  const statuses: Record<string, number> = {};
  for (const [, status] of log.matchAll(new RegExp(`"GET /${prefix}/ac/[0-9a-f]{64} HTTP/1\\.1" (\\d{3})`, 'g'))) statuses[status] = (statuses[status] ?? 0) + 1;
  return statuses;
}
