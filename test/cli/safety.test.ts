import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { REPO, copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

function kit(args: string[], cwd = tmpdir()) {
  const result = kitSync(args, { cwd });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every file below `dir` with its size and mtime: equal listings mean nothing was touched. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => {
      const stat = statSync(join(dir, name));
      return `${name} ${stat.isDirectory() ? 'dir' : `${stat.size} ${stat.mtimeMs}`}`;
    })
    .sort();
}

/** A user's mistake: exit 1 and one line on stderr naming the command, never a stack trace. */
function expectOneLineRefusal(result: { code: number | null; stderr: string }, command: string, pattern: RegExp) {
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(new RegExp(`^kit ${command}: `));
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

/** A workspace beside a sibling file, inside a parent directory of its own, under git. */
function workspaceWithSibling() {
  const parent = mkdtempSync(join(tmpdir(), 'kit-parent-'));
  const dir = copySample('shop');
  const ws = join(parent, 'ws');
  spawnSync('mv', [dir, ws]);
  writeFileSync(join(parent, 'sibling.txt'), 'keep me');
  spawnSync('git', ['init', '-q', ws]);
  return { parent, ws };
}

describe('kit build --out never deletes what kit did not write', () => {
  const { parent, ws } = workspaceWithSibling();
  const refusals: [string, RegExp][] = [
    ['.', /--out \. is the workspace itself/],
    ['..', /--out \.\. contains the workspace/],
    [ws, /is the workspace itself/],
    ['packages', /--out packages contains the package @shop\/\w+/],
    ['packages/app/main', /lies inside the package @shop\/app \(packages\/app\)/],
    ['packages/app/main/out', /lies inside the package @shop\/app/],
    ['../sibling.txt', /is a file/],
  ];
  for (const [out, reason] of refusals) {
    test(`--out ${out} is refused and nothing changes`, () => {
      const before = listing(parent);
      expectOneLineRefusal(kit(['build', '--out', out], ws), 'build', reason);
      expect(listing(parent)).toEqual(before);
      expect(readFileSync(join(parent, 'sibling.txt'), 'utf8')).toBe('keep me');
    });
  }

  test('files kit did not write are kept by every build, the first included, and named in one line', () => {
    writeFiles(ws, { 'notes/todo.md': 'mine', 'notes/deep/CNAME': 'example.com' });
    for (const build of [1, 2]) {
      const result = kit(['build', '--out', 'notes'], ws);
      expect(result.code, `build ${build}: ${result.stderr}`).toBe(0);
      expect(result.stdout.split('\n').filter((line) => line.startsWith('kept'))).toEqual(['kept notes/deep/CNAME, notes/todo.md (not written by kit build)']);
      expect(readFileSync(join(ws, 'notes/todo.md'), 'utf8')).toBe('mine');
      expect(readFileSync(join(ws, 'notes/deep/CNAME'), 'utf8')).toBe('example.com');
      expect(readdirSync(join(ws, 'notes')).sort()).toEqual(['deep', 'importmap.json', 'index.html', 'm', 'todo.md']);
    }
    mkdirSync(join(ws, 'empty'));
    expect(kit(['build', '--out', 'empty'], ws).code).toBe(0);
    expect(readdirSync(join(ws, 'empty')).sort()).toEqual(['importmap.json', 'index.html', 'm']);
  });

  test("a file of the user's where the emit writes one is refused, named with the fix, and nothing changes", () => {
    writeFiles(ws, { 'site/index.html': '<p>mine</p>' });
    const before = listing(join(ws, 'site'));
    expectOneLineRefusal(kit(['build', '--out', 'site'], ws), 'build', /site\/index\.html was not written by kit build, .*move it to public\/ .* or remove it; site is as it was/);
    expect(listing(join(ws, 'site'))).toEqual(before);
  });

  test("public/ is copied into the emit as it is; a file removed from it leaves the next emit", () => {
    writeFiles(ws, { 'public/robots.txt': 'User-agent: *\n', 'public/img/logo.svg': '<svg/>' });
    expect(kit(['build', '--out', 'with-public'], ws).code).toBe(0);
    expect(readFileSync(join(ws, 'with-public/robots.txt'), 'utf8')).toBe('User-agent: *\n');
    expect(readFileSync(join(ws, 'with-public/img/logo.svg'), 'utf8')).toBe('<svg/>');
    rmSync(join(ws, 'public/img'), { recursive: true });
    const again = kit(['build', '--out', 'with-public'], ws);
    expect(again.code).toBe(0);
    // Copied from public/, so kit's: not reported as kept, and gone with its source.
    expect(again.stdout).not.toMatch(/^kept/m);
    expect(existsSync(join(ws, 'with-public/img/logo.svg'))).toBe(false);
    rmSync(join(ws, 'public'), { recursive: true });
  });

  test('a failed build leaves the previous emit as it was; a good one replaces it and leaves no staging behind', () => {
    expect(kit(['build'], ws).code).toBe(0);
    const emitted = listing(join(ws, 'dist'));
    writeFiles(ws, { 'packages/app/main/index.ts': 'export const n: number = "x";\n' });
    const failed = kit(['build'], ws);
    expect(failed.code).toBe(1);
    expect(listing(join(ws, 'dist'))).toEqual(emitted);
    writeFiles(ws, { 'packages/app/main/index.ts': 'export const n: number = 2;\n' });
    expect(kit(['build'], ws).code).toBe(0);
    expect(readFileSync(join(ws, 'dist/m/@shop/app@0.1.0/modules/main.js'), 'utf8')).toContain('2');
    expect(readdirSync(ws).filter((name) => name.startsWith('dist.'))).toEqual([]);
  });

  test('an emit moved aside by an interrupted build comes back before the next build', () => {
    const before = listing(join(ws, 'dist'));
    mkdirSync(join(ws, 'dist.kit-old-x'), { recursive: true });
    spawnSync('mv', [join(ws, 'dist'), join(ws, 'dist.kit-old-x', 'emit')]);
    writeFiles(ws, { 'packages/app/main/index.ts': 'export const n: number = "x";\n' });
    expect(kit(['build'], ws).code).toBe(1);
    expect(listing(join(ws, 'dist'))).toEqual(before);
    expect(existsSync(join(ws, 'dist.kit-old-x'))).toBe(false);
  });

  test('a previous emit whose removal was cut short is removed by the next build', () => {
    writeFiles(ws, { 'packages/app/main/index.ts': 'export const n: number = 3;\n' });
    expect(kit(['build'], ws).code).toBe(0);
    mkdirSync(join(ws, 'dist.kit-old-y', 'emit', 'm'), { recursive: true });
    writeFiles(ws, { 'dist.kit-old-y/emit/importmap.json': '{}\n' });
    expect(kit(['build'], ws).code).toBe(0);
    expect(existsSync(join(ws, 'dist.kit-old-y'))).toBe(false);
    expect(readdirSync(join(ws, 'dist'))).not.toContain('.kit-emit');
  });
});

describe('every mistake on the command line is one line and exit 1', () => {
  const ws = copySample('shop');

  for (const [port, reason] of [
    ['abc', /--port abc is not a port/],
    ['99999', /--port 99999 is not a port/],
    ['-1', /--port -1 is not a port/],
    ['6000', /--port 6000 is one browsers refuse/],
  ] as const) {
    test(`kit run --port ${port}`, () => expectOneLineRefusal(kit(['run', '--port', port, '--cwd', ws]), 'run', reason));
  }

  test('kit run --host not-a-host', () => {
    expectOneLineRefusal(kit(['run', '--port', '0', '--host', 'not-a-host.invalid', '--cwd', ws]), 'run', /--host not-a-host\.invalid is not an address of this machine/);
  });

  test('kit run --strict-port on a port in use says so and suggests --port', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as { port: number };
    try {
      const child = spawn(process.execPath, [join(REPO, 'bin', 'kit.js'), 'run', '--port', String(port), '--strict-port', '--cwd', ws], { env: { ...process.env, NO_COLOR: '1' } });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const [code] = await once(child, 'exit');
      expectOneLineRefusal({ code, stderr }, 'run', new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use.*--port`));
    } finally {
      taken.close();
    }
  });

  test('kit with no command, and an unknown command', () => {
    const bare = kit([]);
    expect(bare.code).toBe(1);
    expect(bare.stderr.trim().split('\n')).toEqual(['kit: name a command: create, dev, run, build, check, select, explain (kit --help says what each does)']);
    const unknown = kit(['bild']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('kit: there is no command "bild"; the commands are create, dev, run, build, check, select, explain');
  });

  test('an unknown option names the command', () => {
    expectOneLineRefusal(kit(['build', '--outt', 'x', '--cwd', ws]), 'build', /Unknown argument: outt; kit build --help lists its options/);
  });
});

describe('a command pointed at a directory that is no workspace creates nothing', () => {
  for (const command of ['check', 'build', 'run', 'select']) {
    test(`kit ${command}`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'kit-not-a-workspace-'));
      const result = kit([command, '--cwd', dir, ...(command === 'select' ? ['--reset'] : []), ...(command === 'run' ? ['--port', '0'] : [])]);
      expectOneLineRefusal(result, command, new RegExp(`no kit\\.json in ${dir} or any directory above it; run kit ${command} in a workspace`));
      expect(readdirSync(dir)).toEqual([]);
    });
  }

  test('kit run --cwd of a directory that does not exist does not start', () => {
    const missing = join(tmpdir(), `kit-missing-${process.pid}`);
    expectOneLineRefusal(kit(['run', '--port', '0', '--cwd', missing]), 'run', /the directory .* does not exist; pass --cwd/);
    expect(existsSync(missing)).toBe(false);
  });

  test('a --cwd below a workspace finds it, as git finds its repository', () => {
    const ws = copySample('shop');
    const checked = kit(['check', '--cwd', join(ws, 'packages', 'app')]);
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain('@shop/app@0.1.0/main');
  });
});

test('kit explain is rendered for a terminal: no Markdown backticks', () => {
  const explained = kit(['explain', 'BUILD_FAILED']);
  expect(explained.code).toBe(0);
  expect(explained.stdout).not.toContain('`');
  expect(explained.stdout).toContain('Example: a stylesheet with @import');
});
