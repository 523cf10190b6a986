import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { directoryListings, resolveRelative } from '../../lib/compiler/check/resolve.js';
import { removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

test('a file test from directory listings answers as a stat does: files, folders, links, missing paths', () => {
  const root = writeWorkspace({ 'src/a.ts': 'export const a = 1;\n', 'src/dir/index.ts': 'export {};\n' });
  symlinkSync(join(root, 'src/a.ts'), join(root, 'src/linked.ts'));
  symlinkSync(join(root, 'src/dir'), join(root, 'src/linked-dir'));
  symlinkSync(join(root, 'src/gone.ts'), join(root, 'src/dangling.ts'));
  const exists = directoryListings();
  expect(exists(join(root, 'src/a.ts'))).toBe(true);
  expect(exists(join(root, 'src/linked.ts'))).toBe(true);
  expect(exists(join(root, 'src/dir'))).toBe(false);
  expect(exists(join(root, 'src/linked-dir'))).toBe(false);
  expect(exists(join(root, 'src/dangling.ts'))).toBe(false);
  expect(exists(join(root, 'src/missing.ts'))).toBe(false);
  expect(exists(join(root, 'nowhere/a.ts'))).toBe(false);
  // A path through a file is no file either.
  expect(exists(join(root, 'src/a.ts/index.ts'))).toBe(false);
});

test('resolved through listings, a relative import finds what a stat finds; a listing is read once, so a later file needs a new one', () => {
  const root = writeWorkspace({ 'src/main.ts': '', 'src/helpers.ts': '', 'src/types.d.ts': '', 'src/lib/index.ts': '' });
  const main = join(root, 'src/main.ts');
  const exists = directoryListings();
  for (const [specifier, types] of [['./helpers.js', false], ['./helpers', true], ['./types.js', true], ['./lib', false], ['./styles.css', true], ['./missing', true]] as const) {
    expect(resolveRelative(specifier, main, types, exists)).toBe(resolveRelative(specifier, main, types));
  }
  mkdirSync(join(root, 'src/later'));
  writeFileSync(join(root, 'src/later.ts'), '');
  expect(resolveRelative('./later', main, false, exists)).toBeUndefined();
  expect(resolveRelative('./later', main, false, directoryListings())).toBe(join(root, 'src/later.ts'));
});
