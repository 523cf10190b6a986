import { afterAll, expect, test } from 'vitest';
import { Compiler, findInstalled, findPlanned, loadWorkspace, PRODUCTION } from '../../lib/compiler/index.js';
import { REPO, copySample, removeWorkspaces } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

test('the plan holds every entry in use, those the workspace imports and those installed outputs import', async () => {
  const workspace = loadWorkspace(copySample('npm', { insideRepo: true }));
  const plan = await new Compiler().installedPlan(workspace, PRODUCTION);
  expect(Object.keys(plan.packages).sort()).toEqual(['@lit/reactive-element', 'date-fns', 'lit', 'lit-element', 'lit-html', 'nanoid', 'preact']);
  expect(plan.packages['date-fns'].entries).toEqual(['index', 'setDefaultOptions', 'startOfWeek']);
  // lit's decorators import @lit/reactive-element's: found by following lit's outputs.
  expect(plan.packages['@lit/reactive-element'].entries).toEqual(expect.arrayContaining(['index', 'decorators/property.js', 'decorators/state.js']));
  // The state date-fns keeps lives in one chunk that both entries load.
  const setter = findPlanned(plan, 'date-fns/setDefaultOptions')!.entry!;
  const reader = findPlanned(plan, 'date-fns/startOfWeek')!.entry!;
  const shared = setter.files.filter((file) => reader.files.includes(file));
  expect(shared).toHaveLength(1);
  expect(shared[0]).toMatch(/^chunk-[A-Z0-9]+\.js$/);
  expect(plan.packages['date-fns'].build.outputs[setter.file]).toContain(`"./${shared[0]}?target=browser&format=esm&env=production&min=true&sourcemap=none&types=false&css=false"`);
});

test('an entry that does not build fails alone, and the same entries build to the same names', async () => {
  const compiler = new Compiler();
  const pkg = findInstalled(REPO, 'date-fns')!;
  const build = await compiler.installed.build(REPO, pkg, ['startOfWeek', 'no-such-entry', '../escape', 'setDefaultOptions'], PRODUCTION);
  expect(Object.keys(build.entries).sort()).toEqual(['setDefaultOptions', 'startOfWeek']);
  expect(Object.keys(build.failed).sort()).toEqual(['../escape', 'no-such-entry']);
  expect(build.failed['no-such-entry'][0]).toMatchObject({ code: 'BUNDLE_ERROR' });
  const again = await new Compiler().installed.build(REPO, pkg, ['setDefaultOptions', 'startOfWeek'], PRODUCTION);
  expect(Object.keys(again.outputs).sort()).toEqual(Object.keys(build.outputs).sort());
  for (const [file, code] of Object.entries(again.outputs)) expect(build.outputs[file]).toBe(code);
});
