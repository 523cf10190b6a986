import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV, startTestServer, type TestServer } from '../helpers/server.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

const tsconfig = (strict: boolean) => ({
  compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], strict, noEmit: true, skipLibCheck: true },
  include: ['packages'],
});

const ENTRY = 'packages/app/main/index.ts';
const ADDRESS = `/m/@live/app@0.1.0/modules/main?${DEV}`;

let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'tsconfig.json': tsconfig(true),
    'packages/app/package.json': pkg('@live/app', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    [ENTRY]: 'export function f(x) { return x }\ndocument.body.append(String(f(1)));\n',
  });
  server = await startTestServer(dir);
});

afterAll(async () => {
  await server?.close();
  removeWorkspaces();
});

interface ErrorBody { error: { code: string; diagnostics: { code: string; file?: string; line?: number; column?: number }[] } }
interface State { revision: number; modules: { specifier: string; status: string; diagnostics?: { code: string; file?: string }[] }[] }

const get = (path: string) => fetch(new URL(path, server.url));
const status = async () => (await get(ADDRESS)).status;
const moduleState = async () => ((await (await get('/state')).json()) as State).modules.find((m) => m.specifier === '@live/app/main');

describe('a tsconfig edit while kit run serves', () => {
  test('under strict, the implicit any is 422 BUILD_FAILED with TS7006 at the address, and invalid in /state', async () => {
    const response = await get(ADDRESS);
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe('BUILD_FAILED');
    expect(body.error.diagnostics).toContainEqual(expect.objectContaining({ code: 'TS7006', file: ENTRY, line: 1, column: 19 }));
    const state = await moduleState();
    expect(state).toMatchObject({ status: 'invalid' });
    expect(state!.diagnostics).toContainEqual(expect.objectContaining({ code: 'TS7006', file: ENTRY }));
  });

  test('tsconfig.json set to strict: false, the address answers 200 and /state says valid', async () => {
    writeFiles(dir, { 'tsconfig.json': tsconfig(false) });
    await expect.poll(status, { timeout: 10_000, interval: 200 }).toBe(200);
    await expect.poll(async () => (await moduleState())?.status, { timeout: 10_000, interval: 200 }).toBe('valid');
  });

  test('after a restart of the service the verdict is still valid: no stale disk-cache verdict', async () => {
    expect(await server.close()).toBe(0);
    server = await startTestServer(dir);
    expect(await status()).toBe(200);
    expect((await moduleState())?.status).toBe('valid');
  });

  test('tsconfig.json back to strict: 422 with TS7006 again', async () => {
    writeFiles(dir, { 'tsconfig.json': tsconfig(true) });
    await expect.poll(status, { timeout: 10_000, interval: 200 }).toBe(422);
    const body = (await (await get(ADDRESS)).json()) as ErrorBody;
    expect(body.error.diagnostics).toContainEqual(expect.objectContaining({ code: 'TS7006', file: ENTRY, line: 1, column: 19 }));
    await expect.poll(async () => (await moduleState())?.status, { timeout: 10_000, interval: 200 }).toBe('invalid');
  });
});
