import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { Compiler, findModule, loadWorkspace, PRODUCTION, writeDistribution } from '../../lib/compiler/index.js';
import { copySample, pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

/** `@r/lib` with modules one and two; `@r/app/view` imports one then two, `@r/app/demo` only two (so a batch meets two first). */
function orderWorkspace(bundler: 'ts' | 'esbuild') {
  return writeWorkspace({
    'kit.json': { packages: ['packages/lib', 'packages/app'] },
    'packages/lib/package.json': pkg('@r/lib', { exports: { './one': './one/index.ts', './two': './two/index.ts' }, kit: { bundler } }),
    'packages/lib/one/index.ts': 'export const one = (x: number) => x + 1;\nconsole.log("one");\n',
    'packages/lib/two/index.ts': 'export const two = (x: number) => x * 2;\nconsole.log("two");\n',
    'packages/app/package.json': pkg('@r/app', { dependencies: { '@r/lib': '0.1.0' }, exports: { './view': './view/index.ts', './demo': './demo/index.ts' }, kit: { bundler } }),
    'packages/app/view/helper.ts': 'import { two } from "@r/lib/two";\nexport const twice = (x: number) => two(x);\n',
    'packages/app/view/index.ts': 'import { one } from "@r/lib/one";\nimport { twice } from "./helper";\nimport "@r/lib/two";\ndocument.title = String(one(1) + twice(2));\n',
    'packages/app/demo/index.ts': 'import { two } from "@r/lib/two";\nimport { one } from "@r/lib/one";\nconsole.log(two(3) + one(1));\n',
  });
}

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const token = (data: string | Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 10);

describe('the same bytes from every path (CONTRACT §6)', () => {
  for (const bundler of ['ts', 'esbuild'] as const) {
    test(`${bundler}: each module built alone is byte for byte what kit build wrote beside the others, its imports in the order its sources write them`, async () => {
      const dir = orderWorkspace(bundler);
      const workspace = loadWorkspace(dir);
      const built = await writeDistribution(workspace, new Compiler(), join(dir, 'dist'));
      expect(built.diagnostics).toEqual([]);
      for (const module of workspace.modules) {
        const alone = await new Compiler().compile(loadWorkspace(dir), findModule(loadWorkspace(dir), module.specifier)!, PRODUCTION);
        expect(read(dir, `dist/m/${module.package.name}@0.1.0/modules/${module.subpath}.js`), module.specifier).toBe(alone.code);
      }
      // The browser evaluates them in this order: the one the source decides.
      const view = read(dir, 'dist/m/@r/app@0.1.0/modules/view.js');
      expect(view.indexOf('@r/lib/one')).toBeGreaterThanOrEqual(0);
      expect(view.indexOf('@r/lib/one')).toBeLessThan(view.indexOf('@r/lib/two'));
      const demo = read(dir, 'dist/m/@r/app@0.1.0/modules/demo.js');
      expect(demo.indexOf('@r/lib/two')).toBeGreaterThanOrEqual(0);
      expect(demo.indexOf('@r/lib/two')).toBeLessThan(demo.indexOf('@r/lib/one'));
    });
  }
});

describe('references by content', () => {
  test('the page and importmap.json name each workspace file by its address plus a token of its bytes, and each file once in integrity', async () => {
    const dir = copySample('npm', { insideRepo: true });
    writeFiles(dir, { 'index.html': '<!doctype html>\n<html><head><title>npm</title></head><body><script type="module">import "@npm/app/main";</script></body></html>\n' });
    const built = await writeDistribution(loadWorkspace(dir), new Compiler(), join(dir, 'dist'));
    expect(built.diagnostics).toEqual([]);
    const html = read(dir, 'dist/index.html');
    const map = JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(html)![1]) as { imports: Record<string, string>; integrity: Record<string, string> };
    expect(JSON.parse(read(dir, 'dist/importmap.json')).imports).toEqual(map.imports);
    const main = readFileSync(join(dir, 'dist/m/@npm/app@0.1.0/modules/main.js'));
    expect(map.imports['@npm/app/main']).toBe(`./m/@npm/app@0.1.0/modules/main.js?v=${token(main)}`);
    // An installed package's file names carry their content's hash already: mapped as they are.
    expect(map.imports.lit).toMatch(/^\.\/m\/lit@[\d.]+\/modules\/~kit\/index-[A-Z0-9]+\.js$/);
    // Each file is loaded by one address, and listed once.
    const files = Object.keys(map.integrity).map((url) => url.replace(/\?.*$/, ''));
    expect(new Set(files).size).toBe(files.length);
    for (const url of Object.values(map.imports)) expect(map.integrity[url], url).toMatch(/^sha256-/);
    // Every preload is an address the integrity names.
    for (const [, href] of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) expect(map.integrity[href.replace(/&amp;/g, '&')], href).toBeDefined();
  });

  test("kit's list of its own files is kept outside the emit, and an older emit's list inside it is read and dropped", async () => {
    const dir = copySample('shop');
    const out = join(dir, 'dist');
    writeFiles(dir, { 'dist/importmap.json': '{}\n', 'dist/notes.txt': 'mine\n', 'dist/stale.js': '', 'dist/.kit-emit': JSON.stringify({ files: ['importmap.json', 'stale.js'] }) });
    const built = await writeDistribution(loadWorkspace(dir), new Compiler(), out);
    expect(built.kept).toEqual(['notes.txt']);
    expect(readdirSync(out).sort()).toEqual(['importmap.json', 'index.html', 'm', 'notes.txt']);
    const records = readdirSync(join(dir, '.kit', 'emit'));
    expect(records).toHaveLength(1);
    expect(JSON.parse(read(join(dir, '.kit', 'emit'), records[0])).files).toContain('index.html');
    expect(existsSync(join(dir, '.kit', '.gitignore'))).toBe(true);
    // The list lost (.kit/ removed, the workspace moved): the emit's own layout is kit's, the rest stays the user's.
    rmSync(join(dir, '.kit'), { recursive: true });
    writeFiles(dir, { 'packages/app/main/index.ts': `${read(dir, 'packages/app/main/index.ts')}console.log('again');\n` });
    const again = await writeDistribution(loadWorkspace(dir), new Compiler(), out);
    expect(again.diagnostics).toEqual([]);
    expect(again.kept).toEqual(['notes.txt']);
    expect(read(out, 'notes.txt')).toBe('mine\n');
  });
});

describe('VERSION_UNCHANGED', () => {
  test('a published package rebuilt to other bytes at the same version is a warning naming it and the fix; a private one, or unchanged bytes, is not', async () => {
    const dir = copySample('shop');
    const out = join(dir, 'dist');
    writeFiles(dir, { 'packages/util/package.json': read(dir, 'packages/util/package.json').replace('"private": true', '"private": false') });
    expect((await writeDistribution(loadWorkspace(dir), new Compiler(), out)).warnings).toEqual([]);
    expect((await writeDistribution(loadWorkspace(dir), new Compiler(), out)).warnings).toEqual([]);
    writeFiles(dir, {
      'packages/util/format/index.ts': `${read(dir, 'packages/util/format/index.ts')}export const added = 1;\n`,
      'packages/app/main/index.ts': `${read(dir, 'packages/app/main/index.ts')}console.log('changed');\n`,
    });
    const warnings = (await writeDistribution(loadWorkspace(dir), new Compiler(), out)).warnings;
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'VERSION_UNCHANGED', file: 'packages/util/package.json', line: 3, message: expect.stringMatching(/^@shop\/util@0\.1\.0 changed since the previous build in dist but kept its version; bump "version" before publishing/) }),
    ]);
  });
});
