import { expect, test } from 'vitest';
import { DEVELOPMENT, formatUpdateAddress, parseUpdateAddress } from '../../lib/compiler/index.js';

test("a file's update address keeps a path with kit's own suffix (a ?raw import's file) apart from the options", () => {
  const at = { hash: 'abc123', packageName: '@hot/app', version: '0.1.0', subpath: 'main', path: 'packages/app/main/notes.txt?kit-inline-raw' };
  const url = new URL(formatUpdateAddress(at, DEVELOPMENT), 'http://127.0.0.1');
  // The options are the query; the request's path, decoded as every route reads it, names the file.
  expect(url.searchParams.get('env')).toBe('development');
  expect(parseUpdateAddress(decodeURIComponent(url.pathname))).toEqual(at);
});
