import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV, PROD, startTestServer, type TestServer } from '../helpers/server.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

/**
 * A workspace with Node-only modules (CONTRACT §1): `server` (esbuild, imports node:fs) is
 * imported by the browser module `main`; `tool` (ts) is imported by nobody.
 */
const FILES = {
  'kit.json': { packages: ['packages/app'] },
  'packages/app/package.json': pkg('@acme/app', { exports: { './main': './main/index.ts' }, kit: { modules: '.' } }),
  'packages/app/main/index.ts': "import { read } from '@acme/app/server';\nexport const main = (): string => typeof read;\n",
  'packages/app/server/module.json': '{\n  "entry": "index.ts",\n  "platforms": ["node"],\n  "bundler": "esbuild"\n}\n',
  'packages/app/server/index.ts': "import { readFileSync } from 'node:fs';\nexport const read = (path: string): string => readFileSync(path, 'utf8');\n",
  'packages/app/tool/module.json': { entry: 'index.ts', platforms: ['node'] },
  'packages/app/tool/index.ts': 'export const twice = (n: number): number => n * 2;\n',
};

let server: TestServer;
const get = (path: string) => fetch(new URL(path, server.url));
const NODE_DEV = DEV.replace('target=browser', 'target=node');
const NODE_PROD = PROD.replace('target=browser', 'target=node');

type ErrorBody = { error: { code: string; message: string; diagnostics?: { code: string; message: string; file?: string; line?: number; column?: number }[] } };

beforeAll(async () => {
  server = await startTestServer(writeWorkspace(FILES));
});
afterAll(async () => {
  await server?.close();
  removeWorkspaces();
});

describe('"platforms": ["node"] (CONTRACT §1)', () => {
  test('/state judges the Node-only modules valid, for node', async () => {
    const state = (await (await get('/state')).json()) as { diagnostics: unknown[]; modules: { specifier: string; status: string; target: string }[] };
    expect(state.diagnostics).toEqual([]);
    expect(state.modules.map(({ specifier, status, target }) => ({ specifier, status, target }))).toEqual([
      { specifier: '@acme/app/main', status: 'valid', target: 'browser' },
      { specifier: '@acme/app/server', status: 'valid', target: 'node' },
      { specifier: '@acme/app/tool', status: 'valid', target: 'node' },
    ]);
  });

  test('target=node answers JavaScript that keeps the Node built-in import', async () => {
    for (const options of [NODE_DEV, NODE_PROD]) {
      const response = await get(`/m/@acme/app@0.1.0/modules/server?${options}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await response.text()).toMatch(/from\s*"node:fs"/);
    }
    const tool = await get(`/m/@acme/app@0.1.0/modules/tool?${NODE_DEV}`);
    expect(tool.status).toBe(200);
    expect(await tool.text()).toContain('twice');
  });

  test('target=browser answers 422 BUILD_FAILED with CONDITIONAL_NOT_FOUND at "platforms" in module.json', async () => {
    for (const options of [DEV, PROD]) {
      const response = await get(`/m/@acme/app@0.1.0/modules/server?${options}`);
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const { error } = (await response.json()) as ErrorBody;
      expect(error.code).toBe('BUILD_FAILED');
      expect(error.diagnostics).toMatchObject([{ code: 'CONDITIONAL_NOT_FOUND', file: 'packages/app/server/module.json', line: 3, column: 16 }]);
      expect(error.diagnostics![0].message).toContain('"platforms"');
    }
  });

  test('the preview never takes a Node-only module as its entry nor maps it', async () => {
    // `tool` is imported by nobody: were it a candidate, the entry could not be chosen.
    const plan = (await (await get('/preview/entry.json')).json()) as {
      entry: { specifier: string };
      modules: { specifier: string; source: string; url?: string; reason?: { code: string; file?: string } }[];
      importmap: { imports: Record<string, string> };
      diagnostics: { code: string; file?: string; line?: number }[];
    };
    expect(plan.entry.specifier).toBe('@acme/app/main');
    expect(Object.keys(plan.importmap.imports)).toEqual(['@acme/app/main']);
    const server = plan.modules.find((m) => m.specifier === '@acme/app/server');
    expect(server).toMatchObject({ source: 'unresolved', reason: { code: 'CONDITIONAL_NOT_FOUND', file: 'packages/app/server/module.json' } });
    expect(server).not.toHaveProperty('url');
    expect(plan.modules.map((m) => m.specifier)).not.toContain('@acme/app/tool');
    expect(plan.diagnostics).toMatchObject([{ code: 'CONDITIONAL_NOT_FOUND', file: 'packages/app/server/module.json', line: 3 }]);

    const page = await (await get('/preview/')).text();
    expect(page).not.toContain('modules/server');

    const asked = (await (await get('/preview/entry.json?entry=@acme/app/tool')).json()) as { entry: null; importmap: { imports: object }; diagnostics: { code: string }[] };
    expect(asked.entry).toBeNull();
    expect(asked.importmap.imports).toEqual({});
    expect(asked.diagnostics).toMatchObject([{ code: 'PREVIEW_ENTRY_NOT_FOUND' }]);
    expect((await get('/preview/?entry=@acme/app/tool')).status).toBe(404);
  });
});

describe('format (CONTRACT §3)', () => {
  test.each(['cjs', 'iife', 'umd', 'amd', 'system'])('format=%s is well-formed but not produced: 400 OPTION_UNSUPPORTED', async (format) => {
    const response = await get(`/m/@acme/app@0.1.0/modules/main?${DEV.replace('format=esm', `format=${format}`)}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe('OPTION_UNSUPPORTED');
    expect(error.message).toContain(`format=${format}`);
  });

  test.each(['es', 'module', 'commonjs', 'ESM', 'systemjs', ''])('format=%j is malformed: 400 OPTION_INVALID', async (format) => {
    const response = await get(`/m/@acme/app@0.1.0/modules/main?${DEV.replace('format=esm', `format=${format}`)}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.code).toBe('OPTION_INVALID');
  });

  test('format=esm is produced', async () => {
    expect((await get(`/m/@acme/app@0.1.0/modules/main?${DEV}`)).status).toBe(200);
  });
});
