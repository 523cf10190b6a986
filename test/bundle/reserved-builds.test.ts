import { afterAll, expect, test } from 'vitest';
import { compileAll, Compiler, judgedOptions, loadWorkspace, type ModuleInfo } from '../../lib/compiler/index.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

/** 200 `esbuild` modules: four calls of 50, two at a time. */
function manyModules() {
  const files: Record<string, string | object> = {
    'kit.json': { packages: ['packages/many'] },
    'packages/many/package.json': pkg('@r/many', { exports: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`./m${i}`, `./m${i}/index.ts`])), kit: { bundler: 'esbuild' } }),
  };
  for (let i = 0; i < 200; i++) files[`packages/many/m${i}/index.ts`] = `export const value${i}: number = ${i};\n`;
  return loadWorkspace(writeWorkspace(files));
}

test('a module asked for while the workspace is compiled waits for its call, which goes next, rather than being built alone', async () => {
  const workspace = manyModules();
  const compiler = new Compiler();
  const started: string[] = [];
  let underWay!: () => void;
  const twoCalls = new Promise<void>((resolve) => (underWay = resolve));
  const onStarted = (m: ModuleInfo) => started.push(m.specifier) === 100 && underWay();
  const all = compileAll(compiler, workspace, workspace.modules, judgedOptions, { concurrency: 4, onStarted });
  // The last module, in the last call: asked for once the first two calls are under way.
  await twoCalls;
  const asked = await compiler.compile(workspace, workspace.modules[199], judgedOptions(workspace.modules[199]));
  const builds = await all;
  expect(asked.status).toBe('valid');
  expect(asked.code).toBe(builds.get(workspace.modules[199])!.code);
  // Built once, in a call: the next call took it first, before the modules that came before it.
  expect(compiler.scripts.builds).toBe(200);
  const [last, before] = [workspace.modules[199], workspace.modules[150]].map((m) => started.indexOf(m.specifier));
  expect(last).toBe(100);
  expect(before).toBeGreaterThan(last);
});
