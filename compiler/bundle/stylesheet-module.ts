import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { postcss } from '../commonjs.js';
import { toPosix } from '../paths.js';
import { CSS_MODULE, classMapModule, scopeCssModule } from './css-modules.js';
import type { Bundler, KitBundleInput, KitBundleResult } from './types.js';

/**
 * The "bundler" of a stylesheet a package exports (CONTRACT §11), `@kit-js/packages/bundlers/css`:
 * there is no code to bundle. The sheet is the module's one stylesheet, built as every module's
 * sheet is (compileStyles: the workspace's PostCSS config, CSS Modules scoped), and served at its
 * `styles` address. Its `modules` address answers a tiny ES module, so that an import of the
 * sheet's specifier (kept bare by the importer) loads through the import map: for a CSS Module
 * its class map (the default export, and a named export per class that is an identifier, named
 * exactly as the built sheet names them), for a plain sheet nothing at all.
 */
export const stylesheetBundler: Bundler = {
  name: 'css',
  bundle: (input) => bundleStylesheet(input),
};

async function bundleStylesheet({ workspace, module, options }: KitBundleInput): Promise<KitBundleResult> {
  const file = module.entry;
  const source = toPosix(relative(workspace.root, file));
  const sheet = { path: file, importer: file, specifier: `./${source.split('/').pop()}` };
  const inputs = [file];
  let code = 'export {};\n';
  if (CSS_MODULE.test(file)) {
    let classes: Record<string, string> = {};
    try {
      const scoped = await scopeCssModule(workspace.root, file, postcss.parse(readFileSync(file, 'utf8'), { from: file }));
      classes = scoped.classes;
      inputs.push(...scoped.composed);
    } catch {
      // The stylesheet's build says what is wrong with it, with where: the module is invalid with that.
    }
    code = `${classMapModule(classes, options.min)}\n`;
  }
  const development = options.sourcemap === 'inline';
  // In development the code says where the sheet is, for a person who opens the address.
  if (development) code = `// The stylesheet ${source}: the page links it (…/styles/${module.subpath}); importing it runs nothing.\n${code}`;
  // A map naming the sheet: the browser's tools show the module's source as its file, as for every module.
  const map = development ? { version: 3, sources: [source], names: [], mappings: '' } : undefined;
  return { code, map, stylesheets: [sheet], inputs, diagnostics: [] };
}
