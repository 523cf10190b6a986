import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useChromium } from '../helpers/browser.js';
import { useServer } from '../helpers/server.js';
import { copySample, writeFiles } from '../helpers/workspace.js';

// React Fast Refresh (CONTRACT §13) on test/samples/react-app, below the checkout where its
// packages are installed: a component file's edit re-renders it with its hooks' state kept.
const served = useServer(() => copySample('react-app', { insideRepo: true }));
const chromium = useChromium();

const APP = 'packages/web/src/App.tsx';
const LIKE = 'packages/web/src/LikeButton.tsx';
const MAIN = 'packages/web/src/main.tsx';
const text = (page: Page, selector: string) => page.locator(selector).textContent({ timeout: 15_000 });
const mark = (page: Page) => page.evaluate(() => (window as unknown as { mark?: string }).mark ?? null);

async function openPreview(): Promise<{ page: Page; errors: string[] }> {
  const page = await chromium.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL('/preview/', served.server.url).href);
  // The first load compiles every installed package the page uses.
  await page.locator('#counter').waitFor({ state: 'visible', timeout: 60_000 });
  await page.evaluate(() => ((window as unknown as { mark: string }).mark = 'not reloaded'));
  return { page, errors };
}

test('a counter at 3 keeps 3 across an edit of its label, without a reload', async () => {
  const { page, errors } = await openPreview();
  for (let i = 0; i < 3; i++) await page.locator('#counter').click();
  expect(await text(page, '#counter')).toBe('count is 3');
  const app = readFileSync(join(served.dir, APP), 'utf8');
  writeFiles(served.dir, { [APP]: app.replace('count is {count}', 'clicks: {count}') });
  await expect.poll(() => text(page, '#counter'), { timeout: 20_000 }).toBe('clicks: 3');
  writeFiles(served.dir, { [APP]: app.replace('count is {count}', 'pressed {count} times') });
  await expect.poll(() => text(page, '#counter'), { timeout: 20_000 }).toBe('pressed 3 times');
  expect(await mark(page)).toBe('not reloaded');
  // The state lives on: the counter still counts from where it was.
  await page.locator('#counter').click();
  expect(await text(page, '#counter')).toBe('pressed 4 times');
  expect(errors).toEqual([]);
  writeFiles(served.dir, { [APP]: app });
  await expect.poll(() => text(page, '#counter'), { timeout: 20_000 }).toBe('count is 4');
  await page.close();
}, 120_000);

test("another component file's edit keeps the state around it; a changed hook list remounts only that component; the entry's edit reloads", async () => {
  const { page } = await openPreview();
  for (let i = 0; i < 2; i++) await page.locator('#counter').click();
  await page.locator('#likes').click();
  const like = readFileSync(join(served.dir, LIKE), 'utf8');
  writeFiles(served.dir, { [LIKE]: like.replace('likes: {likes}', 'hearts: {likes}') });
  await expect.poll(() => text(page, '#likes'), { timeout: 20_000 }).toBe('hearts: 1');
  expect(await text(page, '#counter')).toBe('count is 2');
  // A hook added: React remounts the component (its state starts again), nothing else.
  const app = readFileSync(join(served.dir, APP), 'utf8');
  writeFiles(served.dir, { [APP]: app.replace('const [count, setCount] = useState(0);', "const [count, setCount] = useState(0);\n  const [label] = useState('count is');").replace('count is {count}', '{label} {count}') });
  await expect.poll(() => text(page, '#counter'), { timeout: 20_000 }).toBe('count is 0');
  expect(await text(page, '#likes')).toBe('hearts: 1');
  expect(await mark(page)).toBe('not reloaded');
  // The entry (createRoot(…).render(…)) accepts nothing: its edit reloads the page.
  const main = readFileSync(join(served.dir, MAIN), 'utf8');
  writeFiles(served.dir, { [MAIN]: `${main}document.title = 'edited';\n` });
  await expect.poll(() => mark(page), { timeout: 20_000 }).toBeNull();
  await expect.poll(() => page.title(), { timeout: 20_000 }).toBe('edited');
  writeFiles(served.dir, { [LIKE]: like, [APP]: app, [MAIN]: main });
  await page.close();
}, 120_000);
