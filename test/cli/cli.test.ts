import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

function kit(args: string[], env: Record<string, string> = {}) {
  const result = kitSync(args, { env: { ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const scratch = () => join(tmpdir(), `kit-cli-${process.pid}-${Math.random().toString(36).slice(2)}`);

test('kit --help lists the commands', () => {
  const help = kit(['--help']);
  expect(help.code).toBe(0);
  for (const command of ['create', 'dev', 'run', 'build', 'check', 'select']) expect(help.stdout).toContain(`kit ${command}`);
});

test('kit create makes a workspace that kit check accepts', () => {
  const dir = scratch();
  const created = kit(['create', dir, '--name', '@acme/site']);
  expect(created.code).toBe(0);
  expect(readdirSync(dir).sort()).toEqual(['.gitignore', 'index.html', 'kit-env.d.ts', 'kit.json', 'package.json', 'packages', 'tsconfig.json']);
  const checked = kit(['check', '--cwd', dir]);
  expect(checked.stdout).toContain('@acme/site@0.1.0/main');
  expect(checked.code).toBe(0);
});

test('kit create refuses a non-empty directory and writes nothing', () => {
  const dir = scratch();
  mkdirSync(dir);
  writeFileSync(join(dir, 'keep.txt'), 'mine');
  const refused = kit(['create', dir]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/^kit create: .* is not empty/);
  expect(readdirSync(dir)).toEqual(['keep.txt']);
});

test('kit check prints file:line:column CODE message and exits 1 on an invalid module', () => {
  const dir = copySample('shop');
  writeFiles(dir, { 'packages/ui/button/styles/button.css': '.a { color: red; }\n@import "./gone.css";\n' });
  const checked = kit(['check', '--cwd', dir]);
  expect(checked.code).toBe(1);
  expect(checked.stderr).toContain("packages/ui/button/styles/button.css:2:1 BUNDLE_ERROR Cannot find './gone.css'");
});

test('kit check warns of a package that publishes no module, naming why, and still exits 0', () => {
  const dir = copySample('shop');
  writeFiles(dir, {
    'packages/tokens/package.json': { name: '@shop/tokens', version: '0.1.0', private: true, exports: { '.': { vite: './src/index.ts', default: './dist/index.js' } } },
    'packages/tokens/src/index.ts': 'export const gap = 4;\n',
  });
  const checked = kit(['check', '--cwd', dir]);
  expect(checked.code, checked.stderr).toBe(0);
  expect(checked.stderr).toContain('warning: packages/tokens/package.json:6:10 PACKAGE_NO_MODULES @shop/tokens has no public module: "exports" "." names ./dist/index.js under "default" (a built file kit does not compile) and ./src/index.ts under "vite", a condition kit does not read; add "vite" to "conditions" in kit.json');
});

test('kit build writes the static emit; an invalid workspace exits 1', () => {
  const dir = copySample('shop');
  const built = kit(['build', '--cwd', dir, '--out', 'out']);
  expect(built.code).toBe(0);
  // kit's list of the files it wrote stays in .kit/, out of the tree a host serves.
  expect(readdirSync(join(dir, 'out')).sort()).toEqual(['importmap.json', 'index.html', 'm']);
  expect(readdirSync(join(dir, '.kit', 'emit'))).toEqual([expect.stringMatching(/^out-[0-9a-f]{12}\.json$/)]);
  writeFiles(dir, { 'packages/app/main/index.ts': 'export const n: number = "x";\n' });
  const failed = kit(['build', '--cwd', dir]);
  expect(failed.code).toBe(1);
  expect(failed.stderr).toContain('packages/app/main/index.ts:1:14 TS2322');
});

test('kit run refuses an unknown extension and a CDN origin that is not http(s)', () => {
  const dir = copySample('shop');
  const unknown = kit(['run', '--cwd', dir, '--port', '0'], { KIT_SERVICE_EXTENSIONS: '@kit-js/packages/nope' });
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain('@kit-js/packages/development');
  const cdn = kit(['run', '--cwd', dir, '--port', '0'], { KIT_CDN_ORIGIN: 'ftp://cdn.example' });
  expect(cdn.code).toBe(1);
  expect(cdn.stderr).toContain('KIT_CDN_ORIGIN');
});
