import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { configReads } from '../../lib/compiler/bundle/postcss-config-reads.js';
import { REPO, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

/** A configuration in a folder of its own, out of reach of the repository's node_modules. */
function reads(name: string, text: string, installed: string[] = []) {
  const dir = writeWorkspace({ [name]: text });
  mkdirSync(join(dir, 'node_modules', '@tailwindcss'), { recursive: true });
  for (const pkg of installed) symlinkSync(join(REPO, 'node_modules', pkg), join(dir, 'node_modules', pkg));
  return { dir, ...configReads(join(dir, name)) };
}

describe('what loading a PostCSS configuration reads', () => {
  test("the keys of its plugins object, as postcss-load-config requires them: missing unless found, one decided at run time never said missing", () => {
    const { dir, inputs, missing } = reads('postcss.config.cjs', "module.exports = (ctx) => ({ plugins: { autoprefixer: {}, 'postcss-modules-values': {}, cssnano: ctx.env === 'production' ? {} : false } });\n", ['postcss-modules-values']);
    expect(missing).toEqual(['autoprefixer']);
    expect(inputs).toContain(join(dir, 'node_modules', 'autoprefixer'));
    expect(inputs).toContain(join(dir, 'node_modules', 'cssnano'));
    expect(inputs).toContain(join(dir, 'node_modules', 'postcss-modules-values', 'package.json'));
    // Found where Node finds it first: nothing above that is looked at.
    expect(inputs.filter((path) => path.includes('postcss-modules-values'))).toEqual([join(dir, 'node_modules', 'postcss-modules-values', 'package.json')]);
  });

  test('static imports are needed, a require may be in a try: only an input; a relative import is a file read', () => {
    const esm = reads('postcss.config.mjs', "import tailwind from '@tailwindcss/postcss';\nimport shared from './shared.mjs';\nexport default { plugins: [tailwind(), ...shared] };\n", ['@tailwindcss/postcss']);
    expect(esm.missing).toEqual([]);
    expect(esm.inputs).toEqual(expect.arrayContaining([join(esm.dir, 'node_modules', '@tailwindcss', 'postcss', 'package.json'), join(esm.dir, 'shared.mjs')]));
    const cjs = reads('postcss.config.js', "let nested = [];\ntry { nested = [require('postcss-nested')()]; } catch {}\nmodule.exports = { plugins: [...nested, require('node:path') && false].filter(Boolean) };\n");
    expect(cjs.missing).toEqual([]);
    expect(cjs.inputs).toContain(join(cjs.dir, 'node_modules', 'postcss-nested'));
    expect(cjs.inputs.some((path) => path.includes('node:path'))).toBe(false);
  });

  test('JSON and YAML configurations name their plugins by their keys (options aside)', () => {
    expect(reads('.postcssrc.json', JSON.stringify({ plugins: { 'postcss-preset-env': { stage: 1 }, autoprefixer: false } })).missing).toEqual(['postcss-preset-env']);
    expect(reads('.postcssrc.yml', 'map: false\nplugins:\n  postcss-preset-env:\n    stage: 1\n  "postcss-modules-values": {}\n', ['postcss-modules-values']).missing).toEqual(['postcss-preset-env']);
  });
});
