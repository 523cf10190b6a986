import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { Compiler, loadWorkspace, writeDistribution } from '../../lib/compiler/index.js';
import { copySample, removeWorkspaces } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

// CONTRACT §11, stylesheets that packages export, in the static emit: the shadcn-shaped sample
// built as `kit build` in apps/web builds it (its page, its own dist/).
interface Distribution {
  modules: { specifier: string; subpath: string; imports: string[]; outputs: { file: string; mediaType: string; bytes: number; digest: string }[] }[];
}

const digest = (data: Buffer) => `sha256-${createHash('sha256').update(data).digest('base64')}`;

test('each sheet at dist/m/<package>@<version>/styles/<subpath>.css beside its module, listed in kit-distribution.json and linked by the page', async () => {
  const dir = copySample('shadcn-monorepo', { insideRepo: true });
  const out = join(dir, 'apps', 'web', 'dist');
  const built = await writeDistribution(loadWorkspace(dir), new Compiler(), out, undefined, 'apps/web');
  expect(built.diagnostics).toEqual([]);
  const ui = join(out, 'm/@workspace/ui@0.0.0');
  const globals = readFileSync(join(ui, 'styles/globals.css.css'));
  expect(globals.toString()).toContain('.p-6{padding:calc(var(--spacing) * 6)}');
  const buttonModule = readFileSync(join(ui, 'modules/button.module.css.js'), 'utf8');
  const classes = JSON.parse(/export default (\{.*\});/.exec(buttonModule)![1]) as Record<string, string>;
  expect(readFileSync(join(ui, 'styles/button.module.css.css'), 'utf8')).toContain(`.${classes.button}{border:3px solid rgb(12,34,56)}`);

  const distribution = JSON.parse(readFileSync(join(ui, 'kit-distribution.json'), 'utf8')) as Distribution;
  const sheet = distribution.modules.find((m) => m.specifier === '@workspace/ui/globals.css')!;
  expect(sheet).toMatchObject({ subpath: 'globals.css', imports: [] });
  expect(sheet.outputs.map((o) => [o.file, o.mediaType])).toEqual([
    ['modules/globals.css.js', 'text/javascript; charset=utf-8'],
    ['styles/globals.css.css', 'text/css; charset=utf-8'],
  ]);
  expect(sheet.outputs[1]).toMatchObject({ bytes: globals.length, digest: digest(globals) });
  expect(distribution.modules.find((m) => m.specifier === '@workspace/ui/button.module.css')?.outputs.map((o) => o.file)).toEqual(['modules/button.module.css.js', 'styles/button.module.css.css']);

  const importmap = JSON.parse(readFileSync(join(out, 'importmap.json'), 'utf8')) as { imports: Record<string, string> };
  expect(importmap.imports['@workspace/ui/globals.css']).toMatch(/^\.\/m\/@workspace\/ui@0\.0\.0\/modules\/globals\.css\.js\?v=[0-9a-f]{10}$/);
  // The page links each sheet once, the design system's globals first, as the app imports them.
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1].replace(/\?v=[0-9a-f]{10}$/, ''));
  expect(links).toEqual(['./m/@workspace/ui@0.0.0/styles/globals.css.css', './m/@workspace/ui@0.0.0/styles/button.module.css.css']);
});
