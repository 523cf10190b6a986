import { afterAll, expect, test } from 'vitest';
import { Compiler, findInstalled, PRODUCTION } from '../../lib/compiler/index.js';
import { removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

test("a CommonJS entry that re-exports another package rests on that package's files: an upgrade of it gives the new names", async () => {
  const dir = writeWorkspace({
    'node_modules/cjs-facade/package.json': { name: 'cjs-facade', version: '1.0.0', main: 'index.js' },
    'node_modules/cjs-facade/index.js': "'use strict';\nmodule.exports = require('cjs-core');\n",
    'node_modules/cjs-core/package.json': { name: 'cjs-core', version: '1.0.0', main: 'index.js' },
    'node_modules/cjs-core/index.js': "'use strict';\nexports.first = 1;\n",
  });
  const compiler = new Compiler();
  const facade = findInstalled(dir, 'cjs-facade')!;
  const before = await compiler.installed.build(dir, facade, ['index'], PRODUCTION);
  expect(before.entries.index.exports).toContain('first');
  writeFiles(dir, { 'node_modules/cjs-core/index.js': "'use strict';\nexports.first = 1;\nexports.second = 2;\n" });
  const after = await compiler.installed.build(dir, facade, ['index'], PRODUCTION);
  expect(after.entries.index.exports).toContain('second');
});
