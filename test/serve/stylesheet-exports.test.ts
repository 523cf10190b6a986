import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV, PROD } from '../helpers/server.js';
import { copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';
import { createInProcessService, type InProcessService } from './in-process-service.js';

// CONTRACT §11, stylesheets that packages export, as the development service answers them:
// the shadcn-shaped sample (packages/ui exports ./globals.css and ./button.module.css).
let service: InProcessService;
let dir: string;

beforeAll(() => {
  dir = copySample('shadcn-monorepo', { insideRepo: true });
  service = createInProcessService(dir);
});

afterAll(async () => {
  await service?.close();
  removeWorkspaces();
});

const UI = '/m/@workspace/ui@0.0.0';
const GLOBALS = 'packages/ui/src/styles/globals.css';

interface StateModule {
  specifier: string;
  vspecifier: string;
  status: string;
  hash?: string;
}

const state = async () => (await (await service.request('/state')).json()) as { modules: StateModule[] };

describe('a stylesheet module in the development service', () => {
  test('its styles address answers the built sheet as text/css, in development and production', async () => {
    const dev = await service.request(`${UI}/styles/globals.css?${DEV}`);
    expect(dev.status).toBe(200);
    expect(dev.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const css = await dev.text();
    expect(css).toContain('--background: oklch(1 0 0);');
    expect(css).toMatch(/\.p-6 \{/);
    const prod = await service.request(`${UI}/styles/globals.css?${PROD}`);
    expect(prod.status).toBe(200);
    expect(prod.headers.get('access-control-allow-origin')).toBe('*');
    expect(await prod.text()).toContain('.p-6{padding:calc(var(--spacing) * 6)}');
  });

  test('its modules address answers a tiny ES module: a CSS Module\'s class map, named as its styles name the classes', async () => {
    const code = await (await service.request(`${UI}/modules/button.module.css?${PROD}`)).text();
    const classes = JSON.parse(/export default (\{.*\});/.exec(code)![1]) as Record<string, string>;
    expect(Object.keys(classes)).toEqual(['button', 'label']);
    const css = await (await service.request(`${UI}/styles/button.module.css?${PROD}`)).text();
    expect(css).toBe(`.${classes.button}{border:3px solid rgb(12,34,56)}.${classes.label}{letter-spacing:2px}\n`);
    const plain = await service.request(`${UI}/modules/globals.css?${DEV}`);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await plain.text()).toMatch(/^export \{\};$/m);
  });

  test('/state lists each, valid', async () => {
    const { modules } = await state();
    expect(modules.filter((m) => m.specifier.endsWith('.css'))).toMatchObject([
      { specifier: '@workspace/ui/button.module.css', vspecifier: '@workspace/ui@0.0.0/button.module.css', status: 'valid' },
      { specifier: '@workspace/ui/globals.css', vspecifier: '@workspace/ui@0.0.0/globals.css', status: 'valid' },
    ]);
  });

  test('the preview maps their specifiers and links their sheets, in the order the app imports them, marked for the live swap', async () => {
    const html = await (await service.request('/preview/')).text();
    const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)" data-kit-styles="([^"]+)">/g)].map((m) => [m[1].replace(/\?.*$/, ''), m[2]]);
    expect(links).toEqual([
      ['../m/@workspace/ui@0.0.0/styles/globals.css', '@workspace/ui@0.0.0/globals.css'],
      ['../m/@workspace/ui@0.0.0/styles/button.module.css', '@workspace/ui@0.0.0/button.module.css'],
    ]);
    const entry = (await (await service.request('/preview/entry.json')).json()) as { modules: { specifier: string; styles?: string }[]; importmap: { imports: Record<string, string> } };
    expect(entry.importmap.imports['@workspace/ui/globals.css']).toBe(`../m/@workspace/ui@0.0.0/modules/globals.css?${DEV}`);
    expect(entry.modules.find((m) => m.specifier === '@workspace/ui/button.module.css')?.styles).toBe(`../m/@workspace/ui@0.0.0/styles/button.module.css?${DEV}`);
  });

  test("an edit of globals.css is announced by a build.ended carrying the sheet's new styles hash, its code unchanged", async () => {
    await state();
    const before = service.context.builds.known('@workspace/ui@0.0.0/globals.css')!;
    const cursor = service.context.channel.cursor;
    const text = readFileSync(join(dir, GLOBALS), 'utf8');
    writeFiles(dir, { [GLOBALS]: text.replace('--background: oklch(1 0 0);', '--background: rgb(1, 2, 3);') });
    await state();
    const announced = (service.context.channel.since(cursor) ?? [])
      .filter((e) => e.type === 'build.ended')
      .flatMap((e) => (e.data as { modules: { vspecifier: string; hash: string; styles?: string }[] }).modules)
      .find((m) => m.vspecifier === '@workspace/ui@0.0.0/globals.css');
    expect(announced).toMatchObject({ status: 'valid', hash: before.hash });
    expect(announced!.styles).toMatch(/^[0-9a-f]{16}$/);
    expect(announced!.styles).not.toBe(before.stylesHash);
    const update = await service.request(`/u/${announced!.styles}/@workspace/ui@0.0.0/styles/globals.css?${DEV}`);
    expect(update.status).toBe(200);
    expect(await update.text()).toContain('--background: rgb(1, 2, 3);');
  });
});
