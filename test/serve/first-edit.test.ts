import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openEvents } from '../helpers/events.js';
import { DEV, startTestServer, type TestServer } from '../helpers/server.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

// An edit judges the module the edited file is in, then what a page, a report or an earlier
// edit has judged that reads the file: not every module of the workspace because nothing had
// been judged yet (the first edit after a start used to build them all while its own answer
// was awaited). `Server-Timing`'s cache says whether a request found its build made.

const tsconfig = {
  compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], strict: true, noEmit: true, skipLibCheck: true },
  include: ['packages'],
};
const address = (pkgName: string, subpath: string) => `/m/${pkgName}@0.1.0/modules/${subpath}?${DEV}`;
const CORE = address('@first/base', 'core');
const MAIN = address('@first/app', 'main');
const LONE = address('@first/app', 'lone');

let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = writeWorkspace({
    'kit.json': { packages: ['packages/base', 'packages/app'] },
    'package.json': { name: 'first-edit-ws', private: true },
    'tsconfig.json': tsconfig,
    'packages/base/package.json': pkg('@first/base', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/base/core/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/base/core/index.ts': "export const size: number = 1;\n",
    'packages/app/package.json': pkg('@first/app', { kit: { modules: '.', bundler: 'ts' }, dependencies: { '@first/base': '0.1.0' } }),
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/main/index.ts': "import { size } from '@first/base/core';\nexport const doubled: number = size * 2;\n",
    'packages/app/lone/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/lone/index.ts': "export const alone = 'lone';\n",
  });
  server = await startTestServer(dir);
});

afterAll(async () => {
  await server?.close();
  removeWorkspaces();
});

const cacheOf = async (path: string) => {
  const response = await fetch(new URL(path, server.url));
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return /cache;desc="(\w+)"/.exec(response.headers.get('server-timing') ?? '')?.[1];
};

describe('an edit judges the modules it may change that were judged, and its own', () => {
  test('before anything was judged: only the edited module is built; the others when asked for', async () => {
    const events = await openEvents(server.url);
    try {
      writeFiles(dir, { 'packages/base/core/index.ts': "export const size: number = 2;\n" });
      expect((await events.built('@first/base@0.1.0/core')).status).toBe('valid');
      // Built by the watcher: the request finds it made.
      expect(await cacheOf(CORE)).toBe('memory');
      // Neither the module importing it nor an unrelated one was built for the edit.
      expect(await cacheOf(MAIN)).toBe('miss');
      expect(await cacheOf(LONE)).toBe('miss');
    } finally {
      events.close();
    }
  });

  test('once a report judged every module, an edit judges again the modules that read the file, after the edited one', async () => {
    expect((await fetch(new URL('/state', server.url))).status).toBe(200);
    const events = await openEvents(server.url);
    try {
      // A type error in what main reads: main's verdict changes, lone's cannot.
      writeFiles(dir, { 'packages/base/core/index.ts': "export const size: string = 'two';\n" });
      expect((await events.built('@first/app@0.1.0/main')).status).toBe('invalid');
      expect(await cacheOf(LONE)).toBe('memory');
      // The edited module is announced on its own, before the module that reads it.
      const batches = events.announcements();
      const at = (vspecifier: string) => batches.findIndex((batch) => batch.includes(vspecifier));
      expect(at('@first/base@0.1.0/core')).toBeGreaterThanOrEqual(0);
      expect(at('@first/base@0.1.0/core')).toBeLessThan(at('@first/app@0.1.0/main'));
    } finally {
      events.close();
    }
  });
});
