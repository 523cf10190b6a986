import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { firstUrl, stopGroup, userEnv } from '../helpers/shell.js';
import { REPO } from '../helpers/workspace.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kit-create-'));
  made.push(dir);
  return dir;
}

function run(command: string, args: string[], cwd: string, options: SpawnSyncOptions = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: userEnv(), timeout: 60_000, ...options });
  return { code: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

const kit = (args: string[], cwd: string) => run(process.execPath, [join(REPO, 'bin', 'kit.js'), ...args], cwd);

test('kit create with an absolute path prints a cd relative to the shell, and writes a root package.json on this kit', () => {
  const root = scratch();
  const elsewhere = join(root, 'elsewhere');
  mkdirSync(elsewhere);
  const dir = join(root, 'sites', 'My Site');
  const created = kit(['create', dir, '--name', '@acme/site'], elsewhere);
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toContain(`\n  cd '${relative(elsewhere, dir)}'\n  npm install\n  npm run dev\n`);
  expect(readdirSync(dir).sort()).toEqual(['.gitignore', 'index.html', 'kit-env.d.ts', 'kit.json', 'package.json', 'packages', 'tsconfig.json']);

  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  expect(manifest).toMatchObject({ name: 'my-site', version: '0.1.0', private: true, type: 'module' });
  expect(manifest.scripts).toEqual({ dev: 'kit dev', build: 'kit build', check: 'kit check' });
  const range: string = manifest.devDependencies['@kit-js/packages'];
  expect(range).toMatch(/^file:[^\\]+$/);
  expect(realpathSync(resolve(dir, range.slice('file:'.length)))).toBe(realpathSync(REPO));

  // Created in the shell's own directory: nowhere to cd to.
  const here = join(root, 'here');
  mkdirSync(here);
  const inPlace = kit(['create', '.'], here);
  expect(inPlace.code, inPlace.stderr).toBe(0);
  expect(inPlace.stdout).not.toContain('cd ');
  expect(inPlace.stdout).toContain('\n  npm install\n  npm run dev\n');
});

test('npm install links kit and installs TypeScript 7, the $schema paths resolve, npm run check and npm run dev work', async () => {
  const root = scratch();
  const created = kit(['create', 'site'], root);
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toContain('\n  cd site\n');
  const site = join(root, 'site');

  // kit is linked (nothing of it is built); TypeScript 7 comes from the registry, or npm's cache.
  const installed = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], site);
  expect(installed.code, installed.stderr).toBe(0);
  expect(existsSync(join(site, 'node_modules', '@kit-js', 'packages', 'schemas', 'kit.schema.json'))).toBe(true);

  const withSchema = jsonFiles(site).filter((file) => JSON.parse(readFileSync(file, 'utf8')).$schema !== undefined);
  expect(withSchema.map((file) => relative(site, file)).sort()).toEqual(['kit.json', 'packages/app/main/module.json']);
  for (const file of withSchema) {
    const target = resolve(dirname(file), JSON.parse(readFileSync(file, 'utf8')).$schema);
    expect(existsSync(target), `${file} → ${target}`).toBe(true);
  }

  const checked = run('npm', ['run', 'check'], site);
  expect(checked.code, checked.stderr).toBe(0);
  expect(checked.stdout).toContain('@site/app@0.1.0/main');

  const dev = spawn('npm', ['run', 'dev', '--', '--port', '0'], { cwd: site, env: userEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await firstUrl(dev);
    const preview = await fetch(`${url}preview/`);
    expect(preview.status).toBe(200);
  } finally {
    await stopGroup(dev);
  }
});

test('kit create --example lays a styled starter over the template, which kit check accepts and kit build emits', () => {
  const root = scratch();
  expect(kit(['create', 'plain/site', '--name', '@acme/site'], root).code).toBe(0);
  const plain = join(root, 'plain', 'site');
  const created = kit(['create', 'site', '--name', '@acme/site', '--example'], root);
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toContain('\n  cd site\n  npm install\n  npm run dev\n');
  const site = join(root, 'site');

  // The template alone declares no stylesheet; the example adds one, and changes nothing else outside main/.
  expect(readdirSync(join(plain, 'packages', 'site', 'main')).sort()).toEqual(['index.ts', 'module.json']);
  expect(readdirSync(join(site, 'packages', 'site', 'main')).sort()).toEqual(['index.ts', 'module.json', 'styles.css']);
  for (const file of ['kit.json', 'index.html', 'tsconfig.json', '.gitignore', 'kit-env.d.ts', 'packages/site/package.json', 'packages/site/main/module.json']) {
    expect(readFileSync(join(site, file), 'utf8'), file).toBe(readFileSync(join(plain, file), 'utf8'));
  }
  const main = readFileSync(join(site, 'packages', 'site', 'main', 'index.ts'), 'utf8');
  expect(main).toMatch(/^import '\.\/styles\.css';$/m);
  expect(main).toContain("greet('@acme/site/main')");
  expect(main).toContain('<code>packages/site/main/styles.css</code>');
  expect(main).toContain('<code>packages/site/main/index.ts</code>');
  const styles = readFileSync(join(site, 'packages', 'site', 'main', 'styles.css'), 'utf8');
  expect(styles).toContain('system-ui');
  expect(styles).toContain('@media (prefers-color-scheme: dark)');

  const checked = kit(['check', '--cwd', site], root);
  expect(checked.code, checked.stderr).toBe(0);
  expect(checked.stdout).toContain('1 module: 1 valid, 0 invalid');

  const built = kit(['build', '--cwd', site], root);
  expect(built.code, built.stderr).toBe(0);
  const emitted = join(site, 'dist', 'm', '@acme', 'site@0.1.0');
  expect(readFileSync(join(emitted, 'styles', 'main.css'), 'utf8')).toContain('.counter');
  // The stylesheet went to the styles output: the script imports no CSS.
  expect(readFileSync(join(emitted, 'modules', 'main.js'), 'utf8')).not.toMatch(/import\s*["'][^"']*\.css/);
  expect(readFileSync(join(site, 'dist', 'index.html'), 'utf8')).toMatch(/<link rel="stylesheet" href="[^"]*m\/@acme\/site@0\.1\.0\/styles\/main\.css\?v=[0-9a-f]{10}"/);
});

/** The JSON files of a workspace, node_modules aside. */
function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !relative(dir, file).split(/[\\/]/).includes('node_modules') && !file.endsWith('package-lock.json'));
}
