import { readFileSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import Ajv from 'ajv';
import { expect, test } from 'vitest';
import { REPO } from './helpers/workspace.js';

const ajv = new Ajv({ allErrors: true, strict: false });
const schema = (name: string) => ajv.compile(JSON.parse(readFileSync(join(REPO, 'schemas', `${name}.schema.json`), 'utf8')));
const VALIDATE = { 'kit.json': schema('kit'), 'module.json': schema('module'), 'package.json': schema('package') } as const;

function manifests(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '_node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) manifests(path, found);
    // The workspace root's package.json is npm's (scripts, kit as a devDependency), not a kit package.
    else if (name === 'package.json' && readdirSync(dir).includes('kit.json')) continue;
    else if (name in VALIDATE) found.push(path);
  }
  return found;
}

const created = join(tmpdir(), `kit-schema-${process.pid}`);
spawnSync(process.execPath, [join(REPO, 'bin', 'kit.js'), 'create', created, '--name', '@acme/site']);
const fixtures = [...manifests(join(REPO, 'examples')), ...manifests(join(REPO, 'test', 'samples')), ...manifests(created)];

test('there are fixture manifests of every kind to check', () => {
  for (const kind of Object.keys(VALIDATE)) expect(fixtures.some((f) => basename(f) === kind)).toBe(true);
});

test.each(fixtures.map((f) => [relative(REPO, f).replace(created, '<kit create>'), f]))('%s is valid against its schema', (_name, file) => {
  const validate = VALIDATE[basename(file) as keyof typeof VALIDATE];
  expect(validate(JSON.parse(readFileSync(file, 'utf8'))), JSON.stringify(validate.errors)).toBe(true);
});

test.each([
  ['kit.json', { packages: 'packages/app' }],
  ['module.json', { platforms: ['deno'] }],
  ['module.json', { platforms: ['node', 'node'] }],
  ['module.json', { assets: ['../secret.txt'] }],
  ['package.json', { name: 'unscoped', version: '0.1.0' }],
  ['package.json', { name: '@a/b', version: '^1.0.0' }],
  ['package.json', { name: '@a/b', version: '1.0.0', bundlers: { md: { processors: {} } } }],
] as const)('a broken %s is refused: %j', (kind, manifest) => {
  expect(VALIDATE[kind](manifest)).toBe(false);
});
