import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { Compiler, loadWorkspace, writeDistribution } from '../../lib/compiler/index.js';
import { evaluationOrder } from '../../lib/compiler/page/entry.js';
import { createInProcessService } from '../serve/in-process-service.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

test('evaluationOrder: each module after what it imports, in the order it imports them, each once', () => {
  const imports: Record<string, string[]> = { app: ['globals', 'button', 'card'], button: ['tokens'], card: ['tokens', 'button'], tokens: [] };
  expect(evaluationOrder('app', (s) => imports[s])).toEqual(['globals', 'tokens', 'button', 'card', 'app']);
  // A cycle ends where it meets a module already on its way.
  expect(evaluationOrder('a', (s) => ({ a: ['b'], b: ['a'] })[s])).toEqual(['b', 'a']);
});

/** An app whose own sheet follows the design system's globals.css, as its code imports them. */
function themedApp() {
  return writeWorkspace({
    'kit.json': { packages: ['packages/*'] },
    'packages/ui/package.json': pkg('@o/ui', { exports: { './globals.css': './src/globals.css' } }),
    'packages/ui/src/globals.css': ':root { --radius: 4px; }\n',
    'packages/app/package.json': pkg('@o/app', { exports: { './main': './main/index.ts' }, dependencies: { '@o/ui': '0.1.0' } }),
    'packages/app/main/index.ts': "import '@o/ui/globals.css';\nimport './app.css';\n",
    // The app overrides the design system's token: its sheet must come after.
    'packages/app/main/app.css': ':root { --radius: 8px; }\n',
  });
}

test("the preview and dist/index.html link a module's sheet after the sheets of what it imports", async () => {
  const dir = themedApp();
  const service = createInProcessService(dir);
  try {
    const html = await (await service.request('/preview/')).text();
    expect([...html.matchAll(/data-kit-styles="([^"]+)"/g)].map((m) => m[1])).toEqual(['@o/ui@0.1.0/globals.css', '@o/app@0.1.0/main']);
  } finally {
    await service.close();
  }
  const built = await writeDistribution(loadWorkspace(dir), new Compiler(), join(dir, 'dist'));
  expect(built.diagnostics).toEqual([]);
  const links = [...readFileSync(join(dir, 'dist/index.html'), 'utf8').matchAll(/<link rel="stylesheet" href="([^"?]+)/g)].map((m) => m[1]);
  expect(links).toEqual(['./m/@o/ui@0.1.0/styles/globals.css.css', './m/@o/app@0.1.0/styles/main.css']);
});
