import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openEvents, type EventStream } from '../helpers/events.js';
import { DEV, useSampleServer } from '../helpers/server.js';
import { writeFiles } from '../helpers/workspace.js';

const shop = useSampleServer();
const get = (path: string) => fetch(new URL(path, shop.server.url));
const STYLES = `/m/@shop/ui@0.1.0/styles/button?${DEV}`;
const ASSET = '/m/@shop/ui@0.1.0/assets/button/cart.svg';
const SHEET = 'packages/ui/button/styles/button.css';
const MODULE_JSON = 'packages/ui/button/module.json';
const sheet = (color: string) => `@import './tokens.css';\n.buy-button { color: ${color}; }\n`;
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; diagnostics?: { code: string; file?: string }[] } }).error;
const BUTTON = '@shop/ui@0.1.0/button';

/** Runs `body` with the service's events open: an edit is served once the service announces its build. */
async function withEvents(body: (events: EventStream) => Promise<void>): Promise<void> {
  const events = await openEvents(shop.server.url);
  try {
    await body(events);
  } finally {
    events.close();
  }
}


test.each([
  ['truncated', '{ "platforms": ["web"], "entry": "index.ts", "assets": ["cart'],
  ['empty', ''],
])('a %s module.json: MANIFEST_INVALID, none of its assets served, and the next request after the fix recovers', async (_kind, text) => {
  const good = { platforms: ['web'], entry: 'index.ts', assets: ['cart.svg'] };
  writeFileSync(join(shop.dir, MODULE_JSON), text);
  const asset = await get(ASSET);
  expect(asset.status).toBe(404);
  expect((await errorOf(asset)).code).toBe('OUTPUT_NOT_AVAILABLE');
  const code = await errorOf(await get(`/m/@shop/ui@0.1.0/modules/button?${DEV}`));
  expect(code.diagnostics).toMatchObject([{ code: 'MANIFEST_INVALID', file: MODULE_JSON }]);
  writeFiles(shop.dir, { [MODULE_JSON]: good });
  expect((await get(ASSET)).status).toBe(200);
});

test('an atomic save (temporary file renamed over the stylesheet) is served once the watcher reports it', () => withEvents(async (events) => {
  const temporary = join(shop.dir, `${SHEET}.tmp-1234`);
  writeFileSync(temporary, sheet('rgb(10, 20, 30)'));
  renameSync(temporary, join(shop.dir, SHEET));
  const { response } = await events.served(BUTTON, STYLES);
  expect(await response.text()).toContain('rgb(10, 20, 30)');
}));

test('editor swap and backup files beside a stylesheet change nothing', async () => {
  const before = await (await get(STYLES)).text();
  writeFiles(shop.dir, { 'packages/ui/button/styles/.button.css.swp': 'binary swap', 'packages/ui/button/styles/button.css~': '.x { color: red }' });
  const after = await get(STYLES);
  expect(after.status).toBe(200);
  expect(await after.text()).toBe(before);
});

test('delete, then recreate: 422 while it is gone, served again once it is back', () => withEvents(async (events) => {
  rmSync(join(shop.dir, SHEET));
  const { announced, response: gone } = await events.served(BUTTON, STYLES);
  expect(announced.status).toBe('invalid');
  expect(gone.status).toBe(422);
  expect((await errorOf(gone)).diagnostics![0]).toMatchObject({ code: 'BUNDLE_ERROR', file: 'packages/ui/button/index.ts' });
  writeFiles(shop.dir, { [SHEET]: sheet('rgb(40, 50, 60)') });
  const back = await events.served(BUTTON, STYLES);
  expect(back.announced.status).toBe('valid');
  expect(await back.response.text()).toContain('rgb(40, 50, 60)');
}));

test('two same-length edits in quick succession: the second is served', () => withEvents(async (events) => {
  writeFiles(shop.dir, { [SHEET]: sheet('rgb(11, 11, 11)') });
  expect(await (await events.served(BUTTON, STYLES)).response.text()).toContain('rgb(11, 11, 11)');
  // Within 50 ms of the first, chokidar drops the event: then the watcher's trailing check reports it.
  writeFiles(shop.dir, { [SHEET]: sheet('rgb(22, 22, 22)') });
  expect(await (await events.served(BUTTON, STYLES)).response.text()).toContain('rgb(22, 22, 22)');
}));

test('an edit while a build runs: that build is not kept, the next request has the edit', () => withEvents(async (events) => {
  const address = `/m/@shop/app@0.1.0/modules/main?${DEV}`;
  const cart = (word: string) => `export interface CartLine { name: string; cents: number }\nexport function describeCart(lines: readonly CartLine[], format: (c: number) => string): string {\n  return \`${word} \${format(lines.length)}\`;\n}\n`;
  writeFiles(shop.dir, { 'packages/app/main/cart.ts': cart('first') });
  const inFlight = get(address); // the ts bundler type-checks: this build takes a while
  await new Promise((resolve) => setTimeout(resolve, 30));
  writeFiles(shop.dir, { 'packages/app/main/cart.ts': cart('second') });
  await (await inFlight).text();
  // A build that read "first" may be announced, then the one that read "second": after that one, it is served.
  for (let text = ''; !text.includes('second '); text = await (await get(address)).text()) await events.built('@shop/app@0.1.0/main');
}));
