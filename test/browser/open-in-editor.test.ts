import { chmodSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { useChromium } from '../helpers/browser.js';
import { useServer } from '../helpers/server.js';
import { copySample, writeFiles } from '../helpers/workspace.js';

const CART = 'packages/app/main/cart.ts';
const ROUTE = '/preview/@kit/open-in-editor';

// The "editor": a script that writes each invocation's arguments on a line of its own.
const tools = mkdtempSync(join(tmpdir(), 'kit-editor-'));
const EDITOR = join(tools, 'editor.sh');
const LOG = join(tools, 'opened.log');
writeFileSync(EDITOR, `#!/bin/sh\nprintf '%s|' "$@" >> '${LOG}'\necho >> '${LOG}'\n`);
chmodSync(EDITOR, 0o755);
writeFileSync(LOG, '');
afterAll(() => rmSync(tools, { recursive: true, force: true }));

const served = useServer(
  () => {
    const dir = copySample('shop');
    writeFiles(dir, { [CART]: `${readFileSync(join(dir, CART), 'utf8')}export const total: number = 'none';\n` });
    return dir;
  },
  { env: { LAUNCH_EDITOR: EDITOR } },
);
const chromium = useChromium();

const opened = () => readFileSync(LOG, 'utf8').split('\n').filter(Boolean);
const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(new URL(ROUTE, served.server.url), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const codeOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

test("a click on a diagnostic's file:line:column in the overlay opens that file at that line in the editor", async () => {
  const page = await chromium.browser.newPage();
  try {
    await page.goto(new URL('/preview/', served.server.url).href);
    const where = page.locator('#kit-overlay a.where', { hasText: `${CART}:11:14` });
    await where.waitFor({ timeout: 15_000 });
    await where.click();
    await expect.poll(opened, { timeout: 10_000 }).toEqual([`${realpathSync(join(served.dir, CART))}|11|14|`]);
    // The overlay stays open: the click was on it.
    expect(await page.locator('#kit-overlay').count()).toBe(1);
  } finally {
    await page.close();
  }
});

test('other sites, other files and bodies that are not JSON open nothing', async () => {
  const position = { file: CART, line: 11, column: 14 };
  // A page of another site posting a form (the one request it may send anywhere without asking).
  const page = await chromium.browser.newPage();
  try {
    const target = new URL(ROUTE, served.server.url).href;
    await page.route('http://evil.example/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form method="post" enctype="text/plain" action="${target}"><input name='{"file":"${CART}","line":11,"column":14,"x":"' value='"}'></form><script>document.forms[0].submit()</script>`,
      }),
    );
    const answer = page.waitForResponse(target);
    await page.goto('http://evil.example/');
    expect((await answer).status()).toBe(403);
  } finally {
    await page.close();
  }
  const foreign = await post(position, { origin: 'http://evil.example' });
  expect([foreign.status, await codeOf(foreign)]).toEqual([403, 'CROSS_SITE_FORBIDDEN']);
  const crossSite = await post(position, { 'sec-fetch-site': 'cross-site' });
  expect([crossSite.status, await codeOf(crossSite)]).toEqual([403, 'CROSS_SITE_FORBIDDEN']);
  const form = await post(position, { 'content-type': 'text/plain' });
  expect([form.status, await codeOf(form)]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  for (const file of ['../../../../etc/passwd', '/etc/passwd', 'packages/app/main/index.ts']) {
    const elsewhere = await post({ file, line: 11, column: 14 });
    expect([file, elsewhere.status, await codeOf(elsewhere)]).toEqual([file, 404, 'NOT_FOUND']);
  }
  const garbled = await post('{"file":');
  expect([garbled.status, await codeOf(garbled)]).toEqual([400, 'REQUEST_INVALID']);
  const got = await fetch(new URL(ROUTE, served.server.url));
  expect(got.status).toBe(405);

  // A request of this origin is answered 204 and opens the file: by the time it has, none of the refused ones had.
  const before = opened().length;
  const accepted = await post(position, { origin: new URL(served.server.url).origin });
  expect(accepted.status).toBe(204);
  await expect.poll(() => opened().length, { timeout: 10_000 }).toBe(before + 1);
  expect(opened().every((line) => line === `${realpathSync(join(served.dir, CART))}|11|14|`)).toBe(true);
});
