import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ArtifactCache, Freshness } from '../../lib/compiler/index.js';
import { fileStamp } from '../../lib/compiler/freshness/stamp.js';
import { afterFileClockTick, untilSteady } from '../helpers/clock.js';
import { removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

/** A cache whose one artifact is the text of `a.txt` (and whatever `extra` inputs it lists), and the log it trusts. */
async function setup(extra: string[] = []) {
  const dir = writeWorkspace({ 'a.txt': 'one', 'types/pkg/index.d.ts': 'x' });
  const file = join(dir, 'a.txt');
  const freshness = new Freshness();
  const cache = new ArtifactCache<string>(10, undefined, freshness);
  const get = () => cache.get('k', async () => ({ value: readFileSync(file, 'utf8'), inputs: [file, ...extra.map((e) => join(dir, e))] }));
  await untilSteady(dir);
  return { dir, file, freshness, cache, get };
}

test('before the watcher is ready every input is stat\'ed, and an entry checked then is checked again once it is', async () => {
  const { file, freshness, get } = await setup();
  expect(await get()).toBe('one');
  writeFileSync(file, 'two');
  expect(await get()).toBe('two');
  writeFileSync(file, 'three'); // the watcher is scanning: it may never report this
  freshness.ready(() => true);
  expect(await get()).toBe('three');
});

test('once ready, an input is not stat\'ed: an edit is seen when the watcher reports it', async () => {
  const { file, freshness, cache, get } = await setup();
  freshness.ready(() => true);
  expect(await get()).toBe('one');
  writeFileSync(file, 'two');
  expect(await get()).toBe('one'); // not reported yet
  freshness.changed(file, 'change');
  expect(await get()).toBe('two');
  expect(cache.builds).toBe(2);
  expect(await get()).toBe('two');
  expect(cache.builds).toBe(2);
});

test('an input the watcher does not watch is stat\'ed on every use', async () => {
  const { file, freshness, get } = await setup();
  freshness.ready((path) => path !== file);
  expect(await get()).toBe('one');
  writeFileSync(file, 'two');
  expect(await get()).toBe('two');
});

test('a change below a directory input, or a file created beside an input, rebuilds', async () => {
  const { dir, freshness, cache, get } = await setup(['types']);
  freshness.ready(() => true);
  await get();
  freshness.changed(join(dir, 'types/pkg/index.d.ts'), 'change'); // the directory's own stat is unchanged
  await get();
  expect(cache.builds).toBe(2);
  freshness.changed(join(dir, 'unrelated/file.ts'), 'add');
  await get();
  expect(cache.builds).toBe(2);
  freshness.changed(join(dir, 'missing.ts'), 'add'); // beside a.txt: it may be what an import looked for
  await get();
  expect(cache.builds).toBe(3);
});

test('after a watcher error, every input is stat\'ed again', async () => {
  const { file, freshness, get } = await setup();
  freshness.ready(() => true);
  await get();
  freshness.fail();
  writeFileSync(file, 'two');
  expect(await get()).toBe('two');
  freshness.ready(() => true); // a failed watcher is not trusted again
  expect(freshness.mark()).toBeUndefined();
});

test('more changes than the log keeps: the entry is checked by stat', async () => {
  const { dir, file, freshness, get } = await setup();
  freshness.ready(() => true);
  await get();
  writeFileSync(file, 'two');
  for (let i = 0; i < 10_000; i++) freshness.changed(join(dir, `other-${i}.txt`), 'change');
  expect(await get()).toBe('two');
});

test("a build's own stamp of an input stands for it only while the watcher reports nothing of it: one written during the build is read again", async () => {
  const { file, freshness } = await setup();
  const cache = new ArtifactCache<{ text: string }>(10, undefined, freshness);
  freshness.ready(() => true);
  const read = () => ({ text: readFileSync(file, 'utf8') });
  // The build reads `one` at the stamp it took; the file is written before the build ends (a file
  // clock's tick after it began: its mtime tells), and reported.
  const stamp = fileStamp(file).stamp;
  const first = await cache.get('k', async () => {
    const value = read();
    await afterFileClockTick();
    writeFileSync(file, 'two');
    freshness.changed(file, 'change');
    return { value, inputs: [file], stamps: new Map([[file, stamp]]) };
  });
  expect(first.text).toBe('one');
  expect(cache.isUnsettled(first)).toBe(true);
  await untilSteady(dirname(file));
  expect((await cache.get('k', async () => ({ value: read(), inputs: [file] }))).text).toBe('two');
  expect(cache.builds).toBe(2);
  // Nothing reported during the build: its stamp is the record, and the entry holds.
  const next = await cache.get('other', async () => ({ value: read(), inputs: [file], stamps: new Map([[file, fileStamp(file).stamp]]) }));
  expect(cache.isUnsettled(next)).toBe(false);
  expect(await cache.get('other', async () => ({ value: { text: 'rebuilt' }, inputs: [file] }))).toBe(next);
});
