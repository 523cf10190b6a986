import { afterAll, expect, test } from 'vitest';
import { checkerOf, closeCheckers } from '../../lib/compiler/check/check-module.js';
import { Compiler, DEVELOPMENT, findModule, loadWorkspace } from '../../lib/compiler/index.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(async () => {
  await closeCheckers();
  removeWorkspaces();
});

test("TypeScript 7's process killed during a module's check: the failure is told, never kept, and the next build is judged", async () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'packages/app/package.json': pkg('@fault/app', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/main/index.ts': 'export const answer: number = 42;\n',
  });
  const workspace = loadWorkspace(dir);
  const module = findModule(workspace, '@fault/app/main')!;
  const compiler = new Compiler();
  const checker = checkerOf(dir);
  // Killed as soon as it is started, while the build's check waits on it.
  // The pid is told by the checker's thread: one just gone may still be read here.
  const killer = setInterval(() => {
    try {
      if (checker.pid) process.kill(checker.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 1);
  const failed = await compiler.compile(workspace, module, DEVELOPMENT).finally(() => clearInterval(killer));
  expect(failed.status).toBe('invalid');
  expect(failed.diagnostics[0]).toMatchObject({ code: 'BUNDLE_ERROR', file: 'packages/app/main/index.ts' });
  expect(failed.diagnostics[0].message).toMatch(/^TypeScript 7 could not check the module: .*exited on SIGKILL/);
  // Nothing changed on disk, yet the failure is not replayed: a new process judges the module.
  const judged = await compiler.compile(workspace, module, DEVELOPMENT);
  expect(judged.status).toBe('valid');
  expect(judged.code).toContain('42');
});
