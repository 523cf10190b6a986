import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEV, PROD, startTestServer, type TestServer } from '../helpers/server.js';
import { copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';

/** Strings that must never appear in any answer: each is planted where nothing should serve it. */
const CANARY = {
  manifest: 'CANARY-MANIFEST-7f3a',
  source: 'CANARY-SOURCE-91bc',
  env: 'CANARY-ENV-44d0',
  outside: 'CANARY-OUTSIDE-c2e9',
};

let server: TestServer;
let dir: string;

beforeAll(async () => {
  dir = copySample('shop');
  const outside = join(dirname(dir), `outside-${process.pid}.txt`);
  writeFileSync(outside, CANARY.outside);
  writeFiles(dir, {
    '.env': `SECRET=${CANARY.env}\n`,
    'packages/ui/button/secret.ts': `export const key = '${CANARY.source}';\n`,
    'packages/ui/package.json': { name: '@shop/ui', version: '0.1.0', private: true, description: CANARY.manifest, exports: { './button': './button/index.ts' }, dependencies: { '@shop/util': '^0.1.0' }, kit: { modules: '.', bundler: 'esbuild' } },
  });
  mkdirSync(join(dir, 'packages/ui/button/links'), { recursive: true });
  symlinkSync(outside, join(dir, 'packages/ui/button/links/outside.txt'));
  symlinkSync(join(dir, '.env'), join(dir, 'packages/ui/button/env.txt'));
  server = await startTestServer(dir);
});
afterAll(async () => {
  await server?.close();
  removeWorkspaces();
});

/** Sends `head` exactly as written on a raw socket and returns the whole answer. */
function rawRequest(head: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    // Written, not ended: a client that half-closes may get no answer at all.
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    // A server refusing an oversized request answers, then resets while the rest still arrives.
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
  });
}

const get = (target: string, headers = '') => rawRequest(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`);
const status = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

const ASSET = '/m/@shop/ui@0.1.0/assets/button';
const TARGETS: string[] = [
  `${ASSET}/../../../../.env`,
  `${ASSET}/..%2f..%2f..%2f..%2f.env`,
  `${ASSET}/%2e%2e/%2e%2e/%2e%2e/%2e%2e/.env`,
  `${ASSET}/%252e%252e/%252e%252e/.env`,
  `${ASSET}/..\\..\\..\\.env`,
  `${ASSET}/..%5c..%5c.env`,
  `${ASSET}/secret.ts`,
  `${ASSET}/secret.ts#x`,
  `${ASSET}/./secret.ts`,
  `${ASSET}/secret.ts/`,
  `${ASSET}/secret.ts/.`,
  `${ASSET}/secret.ts%00.svg`,
  `${ASSET}/%zz`,
  `${ASSET}/links/outside.txt`,
  `${ASSET}/env.txt`,
  `${ASSET}//etc/passwd`,
  `/m/@shop/ui@0.1.0/assets/${'/'.repeat(3)}${dir}/.env`,
  `${dir}/.env`,
  '/.env',
  '/.env/.',
  '/packages/ui/package.json',
  '/packages/ui/button/secret.ts',
  '/m/@shop/ui@0.1.0/modules/button/../../../../.env',
  `/m/@shop/ui@0.1.0/modules/button?${DEV}&raw`,
  `/m/@shop/ui@0.1.0/modules/button?${DEV}&import&raw`,
  `/m/@shop/ui@0.1.0/modules/button?raw??`,
  `/m/@shop/ui@0.1.0/modules/button?${DEV}&env=production`,
  `/m/@shop/ui@0.1.0/modules/secret?${DEV}`,
  `/m/@shop/ui@0.1.0/styles/button/../secret.ts?${DEV}`,
  `/m/@shop/ui@0.1.0/modules/button?${PROD}`,
  `/u/0/../../.env`,
  '/preview/../.env',
  '/preview/..%2f.env',
  `/m/${'a'.repeat(100 * 1024)}`,
];

test.each(TARGETS.map((t) => [t.length > 200 ? `${t.slice(0, 60)}… (${t.length} bytes)` : t, t]))('%s: no canary, no 5xx, and the next request is answered', async (_name, target) => {
  const answer = await get(target);
  const code = status(answer);
  expect(code).toBeGreaterThanOrEqual(200);
  expect(code).toBeLessThan(500);
  for (const canary of Object.values(CANARY)) expect(answer).not.toContain(canary);
  expect(status(await get('/preview/entry.json'))).toBe(200);
});

test('20 KB of headers is refused without a 5xx, and the service goes on', async () => {
  const answer = await get('/state', `X-Padding: ${'x'.repeat(20 * 1024)}\r\n`);
  expect(status(answer)).toBe(431);
  expect(status(await get('/state'))).toBe(200);
});

test('every report and output of the workspace is free of the canaries', async () => {
  for (const target of ['/state', '/preview/', '/preview/entry.json', `/m/@shop/ui@0.1.0/modules/button?${DEV}`, `/m/@shop/ui@0.1.0/styles/button?${DEV}`]) {
    const answer = await get(target);
    expect(status(answer)).toBe(200);
    for (const canary of Object.values(CANARY)) expect(answer).not.toContain(canary);
  }
});
