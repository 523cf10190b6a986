import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { actionRequests, buildWithRemote, logMark, startRemoteCache } from '../helpers/remote-cache.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

// CONTRACT §8: a module's key rests on the keys of the modules it imports, as Bazel's does on its inputs'.
let nginx: Awaited<ReturnType<typeof startRemoteCache>>;

beforeAll(async () => {
  nginx = await startRemoteCache();
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

/** A build of `dir` with the cache under `prefix`: its remote-cache counts. */
function build(dir: string, prefix: string, write = false) {
  const result = buildWithRemote(dir, ['--remote-cache', `${nginx.url}${prefix}/`, ...(write ? ['--remote-cache-write'] : [])]);
  expect(result.status, result.stderr).toBe(0);
  return { hits: result.hits, misses: result.misses, uploads: result.uploads };
}

/** A writer fills the cache under `prefix`; a reader at another path with `edits` builds: its counts, its `ac/` requests, its checkout. */
function readAfterEdit(prefix: string, edits: Record<string, string>) {
  build(checkout(), prefix, true);
  const reader = checkout();
  writeFiles(reader, edits);
  const mark = logMark(nginx);
  const counts = build(reader, prefix);
  return { counts, requests: actionRequests(nginx, prefix, mark), reader };
}

const output = (dir: string, name: string, kind = 'modules/main.js') => readFileSync(join(dir, `dist/m/@keys/${name}@0.1.0/${kind}`), 'utf8');

/** Five modules and c's stylesheet. */
const ARTIFACTS = 6;

describe('keys made of the keys of the modules imported', () => {
  test('two checkouts at different paths share every entry, the two modules on a cycle included, and a second writer finds its own', () => {
    expect(build(checkout(), 'shared', true)).toEqual({ hits: 0, misses: ARTIFACTS, uploads: ARTIFACTS });
    expect(build(checkout(), 'shared', true)).toEqual({ hits: ARTIFACTS, misses: 0, uploads: 0 });
    const { counts, requests, reader } = readAfterEdit('shared', {});
    expect(counts).toEqual({ hits: ARTIFACTS, misses: 0, uploads: 0 });
    expect(requests).toEqual({ 200: ARTIFACTS });
    expect(output(reader, 'x')).toContain('@keys/y/main');
  });

  test('a file deep in a module two packages down, edited, is another key for it and for every module importing it through the chain: an ac/ 404 each, then a build', () => {
    const { counts, requests, reader } = readAfterEdit('deep', { [LEAF]: "export const leaf: string = 'leaf-2';\n" });
    // a, b and c miss; x, y and c's stylesheet (which rests on none of it) hit.
    expect(counts).toEqual({ hits: 3, misses: 3, uploads: 0 });
    expect(requests).toEqual({ 200: 3, 404: 3 });
    expect(output(reader, 'c')).toContain('leaf-2');
  });

  test("a stylesheet's partial edited on the reader's side: the entry is found and refused, and the sheet is built here", () => {
    const { counts, requests, reader } = readAfterEdit('partial', { [PARTIAL]: ':root { --ink: blue; }\n' });
    expect(counts).toEqual({ hits: ARTIFACTS - 1, misses: 1, uploads: 0 });
    // The partial is no part of the key: the entry is there, and its manifest tells it was built from another partial.
    expect(requests).toEqual({ 200: ARTIFACTS });
    expect(output(reader, 'c', 'styles/main.css')).toContain('blue');
  });
});
