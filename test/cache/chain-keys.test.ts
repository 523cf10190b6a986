import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { freePort, startNginx, type TestNginx } from '../helpers/nginx.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

// CONTRACT §8: a module's key rests on the keys of the modules it imports, as Bazel's does on its inputs'.
let nginx: TestNginx;
let url: string;

beforeAll(async () => {
  const port = await freePort();
  nginx = await startNginx((dir) => `  server {
    listen 127.0.0.1:${port};
    location / { root ${dir}/cache; dav_methods PUT; create_full_put_path on; client_max_body_size 64m; }
  }`, port);
  url = `http://127.0.0.1:${port}/`;
});
afterAll(async () => {
  await nginx?.stop();
  removeWorkspaces();
});

/** Who imports whom: a imports b, which imports c (whose leaf is a file deep in it); x and y import each other. */
const IMPORTS: Record<string, string[]> = { a: ['b'], b: ['c'], c: [], x: ['y'], y: ['x'] };
const LEAF = 'packages/c/main/deep/leaf.ts';
const PARTIAL = 'packages/c/main/partial.css';

const original = writeWorkspace({
  'kit.json': { packages: Object.keys(IMPORTS).map((name) => `packages/${name}`) },
  'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], strict: true, noEmit: true }, include: ['packages'] },
  ...Object.fromEntries(Object.entries(IMPORTS).flatMap(([name, imports]) => [
    [`packages/${name}/package.json`, pkg(`@keys/${name}`, { kit: { modules: '.', bundler: 'ts' }, dependencies: Object.fromEntries(imports.map((other) => [`@keys/${other}`, '0.1.0'])) })],
    [`packages/${name}/main/module.json`, { platforms: ['web'], entry: 'index.ts' }],
  ])),
  'packages/a/main/index.ts': "import { b } from '@keys/b/main';\nexport const a: string = `a+${b}`;\n",
  'packages/b/main/index.ts': "import { leaf } from '@keys/c/main';\nexport const b: string = `b+${leaf}`;\n",
  'packages/c/main/index.ts': "import './styles.css';\nexport { leaf } from './deep/leaf';\n",
  [LEAF]: "export const leaf: string = 'leaf-1';\n",
  'packages/c/main/styles.css': "@import './partial.css';\n.c { color: var(--ink); }\n",
  [PARTIAL]: ':root { --ink: red; }\n',
  'packages/x/main/index.ts': "import { y } from '@keys/y/main';\nexport const x = (): string => `x${y()}`;\n",
  'packages/y/main/index.ts': "import { x } from '@keys/x/main';\nexport const y = (): string => 'y';\nexport const xy = (): string => x();\n",
});

/** The workspace at a path of its own: another checkout. */
function checkout(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'kit-chain-')), 'ws');
  cpSync(original, dir, { recursive: true });
  return dir;
}

function build(dir: string, cache: string, write = false) {
  const result = kitSync(['build', '--remote-cache', cache, ...(write ? ['--remote-cache-write'] : [])], { cwd: dir, env: { KIT_CACHE_DIR: 'off' } });
  expect(result.status, result.stderr).toBe(0);
  const counts = /remote cache: (\d+) from it, (\d+) missed(?:, (\d+) uploaded)?/.exec(`${result.stdout}${result.stderr}`);
  return { hits: Number(counts?.[1] ?? -1), misses: Number(counts?.[2] ?? -1), uploads: Number(counts?.[3] ?? 0) };
}

const logMark = () => readFileSync(join(nginx.dir, 'access.log'), 'utf8').length;

/** The `ac/` requests nginx answered for `prefix` since `mark`, by status. */
function actionRequests(prefix: string, mark: number): Record<string, number> {
  const log = readFileSync(join(nginx.dir, 'access.log'), 'utf8').slice(mark);
  const statuses: Record<string, number> = {};
  for (const [, status] of log.matchAll(new RegExp(`"GET /${prefix}/ac/[0-9a-f]{64} HTTP/1\\.1" (\\d{3})`, 'g'))) statuses[status] = (statuses[status] ?? 0) + 1;
  return statuses;
}

const output = (dir: string, name: string, kind = 'modules/main.js') => readFileSync(join(dir, `dist/m/@keys/${name}@0.1.0/${kind}`), 'utf8');

/** Five modules and c's stylesheet. */
const ARTIFACTS = 6;

describe('keys made of the keys of the modules imported', () => {
  test('two checkouts at different paths share every entry, the two modules on a cycle included, and a second writer finds its own', () => {
    const cache = `${url}shared/`;
    expect(build(checkout(), cache, true)).toEqual({ hits: 0, misses: ARTIFACTS, uploads: ARTIFACTS });
    expect(build(checkout(), cache, true)).toEqual({ hits: ARTIFACTS, misses: 0, uploads: 0 });
    const reader = checkout();
    const mark = logMark();
    expect(build(reader, cache)).toEqual({ hits: ARTIFACTS, misses: 0, uploads: 0 });
    expect(actionRequests('shared', mark)).toEqual({ 200: ARTIFACTS });
    expect(output(reader, 'x')).toContain('@keys/y/main');
  });

  test('a file deep in a module two packages down, edited, is another key for it and for every module importing it through the chain: an ac/ 404 each, then a build', () => {
    const cache = `${url}deep/`;
    build(checkout(), cache, true);
    const reader = checkout();
    writeFiles(reader, { [LEAF]: "export const leaf: string = 'leaf-2';\n" });
    const mark = logMark();
    // a, b and c miss; x, y and c's stylesheet (which rests on none of it) hit.
    expect(build(reader, cache)).toEqual({ hits: 3, misses: 3, uploads: 0 });
    expect(actionRequests('deep', mark)).toEqual({ 200: 3, 404: 3 });
    expect(output(reader, 'c')).toContain('leaf-2');
  });

  test("a stylesheet's partial edited on the reader's side: the entry is found and refused, and the sheet is built here", () => {
    const cache = `${url}partial/`;
    build(checkout(), cache, true);
    const reader = checkout();
    writeFiles(reader, { [PARTIAL]: ':root { --ink: blue; }\n' });
    const mark = logMark();
    expect(build(reader, cache)).toEqual({ hits: ARTIFACTS - 1, misses: 1, uploads: 0 });
    // The partial is no part of the key: the entry is there, and its manifest tells it was built from another partial.
    expect(actionRequests('partial', mark)).toEqual({ 200: ARTIFACTS });
    expect(output(reader, 'c', 'styles/main.css')).toContain('blue');
  });
});
