import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { DEV, startTestServer, type TestServer } from '../helpers/server.js';
import { copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';

const CART = 'packages/app/main/cart.ts';
const MAIN = 'packages/app/main/index.ts';
const BUTTON = 'packages/ui/button/styles/button.css';
const BROKEN = "export const total: number = 'none';\n";
const ESC = '\u001b[';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
  removeWorkspaces();
});

async function serve(args: string[] = [], env: Record<string, string> = {}) {
  const dir = copySample('shop');
  const original = (path: string) => readFileSync(join(dir, path), 'utf8');
  const files = { cart: original(CART), main: original(MAIN), button: original(BUTTON) };
  server = await startTestServer(dir, { args, env });
  const state = () => fetch(new URL('/state', server!.url)).then((r) => r.json());
  await state(); // every module judged once: good first verdicts say nothing
  return { dir, files, state, stderr: server.stderr };
}

const count = (text: string, part: string) => text.split(part).length - 1;

test('kit run reports each rebuild on one line, and each error once with its code frame', async () => {
  const { dir, files, state, stderr } = await serve();
  const banner = stderr();
  // stdout (a pipe) carries the address for programs; stderr the start-up block, uncoloured.
  expect(banner.replace(/kit v\S+ {2}ready in \d+ ms/, 'kit vX  ready in N ms')).toBe(`\n  kit vX  ready in N ms\n\n  ➜  Local:   ${server!.url}\n  ➜  Preview: ${server!.url}preview/\n  ➜  press Ctrl+C to stop\n\n`);

  writeFiles(dir, { [CART]: files.cart + BROKEN });
  await expect.poll(stderr, { timeout: 15_000 }).toContain(`✗ ${CART}:11:14 TS2322 Type 'string' is not assignable to type 'number'.`);
  await expect.poll(stderr).toContain("> 11 | export const total: number = 'none';");
  expect(stderr()).toMatch(/\n\s+\|\s+\^\n/); // the column marked

  // The same error after another edit and another request is not printed again.
  writeFiles(dir, { [CART]: `${files.cart + BROKEN}// still broken\n` });
  await new Promise((resolve) => setTimeout(resolve, 500));
  await state();
  expect(count(stderr(), 'TS2322')).toBe(1);

  writeFiles(dir, { [CART]: files.cart });
  await expect.poll(stderr, { timeout: 15_000 }).toMatch(/✓ @shop\/app\/main fixed \d+ ms\n/);

  writeFiles(dir, { [BUTTON]: files.button.replace('.buy-button {', '.buy-button { outline: 1px solid red;') });
  await expect.poll(stderr, { timeout: 15_000 }).toMatch(/✓ @shop\/ui\/button styles \d+ ms\n/);

  writeFiles(dir, { [CART]: `${files.cart}export const lines = 2;\n` });
  await expect.poll(stderr, { timeout: 15_000 }).toMatch(/✓ @shop\/app\/main code \d+ ms\n↻ @shop\/app\/main code changed: open previews update in place where a file accepts it, else reload\n/);
  expect(stderr()).not.toContain(ESC); // not a terminal: no colour
});

test('a type error and a broken stylesheet of one module are reported together', async () => {
  const { dir, files, stderr } = await serve();
  writeFiles(dir, {
    'packages/app/main/main.css': "@import './missing.css';\nbody { margin: 0; }\n",
    [MAIN]: `import './main.css';\n${files.main}`,
    [CART]: files.cart + BROKEN,
  });
  await expect.poll(stderr, { timeout: 15_000 }).toContain('TS2322');
  await expect.poll(stderr, { timeout: 15_000 }).toContain("✗ packages/app/main/main.css:1:1 BUNDLE_ERROR Cannot find './missing.css'");
  const response = await fetch(new URL(`/m/@shop/app@0.1.0/modules/main?${DEV}`, server!.url));
  expect(response.status).toBe(422);
  const body = (await response.json()) as { error: { diagnostics: { code: string; file: string }[] } };
  expect(body.error.diagnostics.map((d) => `${d.code} ${d.file}`).sort()).toEqual([`BUNDLE_ERROR packages/app/main/main.css`, `TS2322 ${CART}`]);
});

test('--log-level error prints errors only; silent prints nothing', async () => {
  const quiet = await serve(['--log-level', 'error']);
  expect(quiet.stderr()).toBe('');
  writeFiles(quiet.dir, { [CART]: quiet.files.cart + BROKEN });
  await expect.poll(quiet.stderr, { timeout: 15_000 }).toContain('TS2322');
  writeFiles(quiet.dir, { [CART]: quiet.files.cart });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await quiet.state();
  expect(quiet.stderr()).not.toContain('✓');
  await server!.close();

  const silent = await serve(['--log-level', 'silent']);
  writeFiles(silent.dir, { [CART]: silent.files.cart + BROKEN });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await silent.state();
  expect(silent.stderr()).toBe('');
});

test('colour with FORCE_COLOR, none with NO_COLOR', async () => {
  const forced = await serve([], { FORCE_COLOR: '1' });
  expect(forced.stderr()).toContain(ESC);
  await server!.close();
  const plain = await serve([], { FORCE_COLOR: '1', NO_COLOR: '1' });
  writeFiles(plain.dir, { [CART]: plain.files.cart + BROKEN });
  await expect.poll(plain.stderr, { timeout: 15_000 }).toContain('TS2322');
  expect(plain.stderr()).not.toContain(ESC);
});
