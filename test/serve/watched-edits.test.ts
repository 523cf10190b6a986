import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { openEvents, type EventStream } from '../helpers/events.js';
import { DEV, startTestServer, type TestServer } from '../helpers/server.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

// A warm request trusts the watcher: an edit is served once the watcher has reported it,
// which the service tells a client by announcing the module's new build on /events.

const tsconfig = (strict: boolean) => ({
  compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], strict, types: ['gadget'], noEmit: true, skipLibCheck: true },
  include: ['packages'],
});
const gadgetTypes = (size: string) => `declare const GADGET: { size: ${size} };\n`;
const MAIN = '@watched/app@0.1.0/main';
const MAIN_ADDRESS = `/m/@watched/app@0.1.0/modules/main?${DEV}`;

let dir: string;
let server: TestServer;
let events: EventStream;

beforeAll(async () => {
  dir = writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'package.json': { name: 'watched-ws', private: true },
    'tsconfig.json': tsconfig(false),
    'node_modules/@types/gadget/package.json': { name: '@types/gadget', version: '1.0.0', types: 'index.d.ts' },
    'node_modules/@types/gadget/index.d.ts': gadgetTypes('number'),
    'packages/app/package.json': pkg('@watched/app', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/main/index.ts': "import { label } from './label';\nexport const size: number = GADGET.size;\nexport function echo(x) { return x; }\nexport const text = label;\n",
    'packages/app/main/label.ts': "export const label = 'label-one';\n",
    'packages/app/extra/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/extra/index.ts': "import { later } from './later';\nexport const value = later;\n",
  });
  server = await startTestServer(dir);
});

afterAll(async () => {
  await server?.close();
  removeWorkspaces();
});

beforeEach(async () => {
  events = await openEvents(server.url); // once subscribed, the watcher follows the workspace
});
afterEach(() => events.close());

const get = (path: string) => fetch(new URL(path, server.url));
const diagnosticsOf = async (response: Response) => ((await response.json()) as { error: { diagnostics: { code: string; file?: string }[] } }).error.diagnostics;

/** Writes `files` and waits for the announcement of `vspecifier`'s new build; then the next request serves it. */
async function edit(files: Record<string, string | object>, vspecifier = MAIN, address = MAIN_ADDRESS): Promise<{ status: string; response: Response }> {
  writeFiles(dir, files);
  const { announced, response } = await events.served(vspecifier, address);
  return { status: announced.status, response };
}

describe('an edit while kit run serves is seen on the next request once the watcher reported it', () => {
  test('a source: new code, then a type error, then fixed', async () => {
    expect(await (await get(MAIN_ADDRESS)).text()).toContain('label-one');
    const renamed = await edit({ 'packages/app/main/label.ts': "export const label = 'label-two';\n" });
    expect(renamed.status).toBe('valid');
    expect(await renamed.response.text()).toContain('label-two');

    const broken = await edit({ 'packages/app/main/label.ts': "export const label: number = 'label-three';\n" });
    expect(broken.status).toBe('invalid');
    expect(broken.response.status).toBe(422);
    expect(await diagnosticsOf(broken.response)).toContainEqual(expect.objectContaining({ code: 'TS2322', file: 'packages/app/main/label.ts' }));

    const fixed = await edit({ 'packages/app/main/label.ts': "export const label = 'label-four';\n" });
    expect(fixed.status).toBe('valid');
    expect(await fixed.response.text()).toContain('label-four');
  });

  test('tsconfig.json: strict makes the implicit any TS7006; back, the module is valid', async () => {
    const strict = await edit({ 'tsconfig.json': tsconfig(true) });
    expect(strict.status).toBe('invalid');
    expect(await diagnosticsOf(strict.response)).toContainEqual(expect.objectContaining({ code: 'TS7006', file: 'packages/app/main/index.ts' }));
    const loose = await edit({ 'tsconfig.json': tsconfig(false) });
    expect(loose.status).toBe('valid');
    expect(loose.response.status).toBe(200);
  });

  test('a type package in node_modules/@types: its global changes type, the verdict follows', async () => {
    const changed = await edit({ 'node_modules/@types/gadget/index.d.ts': gadgetTypes('string') });
    expect(changed.status).toBe('invalid');
    expect(await diagnosticsOf(changed.response)).toContainEqual(expect.objectContaining({ code: 'TS2322', file: 'packages/app/main/index.ts' }));
    const back = await edit({ 'node_modules/@types/gadget/index.d.ts': gadgetTypes('number') });
    expect(back.status).toBe('valid');
  });

  test('a file created where a failed build looked for it: the module builds', async () => {
    const address = `/m/@watched/app@0.1.0/modules/extra?${DEV}`;
    expect((await get(address)).status).toBe(422);
    const created = await edit({ 'packages/app/extra/later.ts': "export const later = 'made-later';\n" }, '@watched/app@0.1.0/extra', address);
    expect(created.status).toBe('valid');
    expect(await created.response.text()).toContain('made-later');
  });
});
