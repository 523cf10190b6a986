import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { AtRule, Declaration, Root } from 'postcss';
import { esbuild, postcss, valueParser } from '../commonjs.js';
import { assetAddressFromStyles } from './address.js';
import { locateImport } from './imports.js';
import { CSS_MODULE, scopeCssModule } from './css-modules.js';
import { findPostcssConfig } from './postcss-config.js';
import { applyPlugins } from './postcss-plugins.js';
import type { StylesheetImport } from './types.js';
import { assetNotDeclared, bundleError, type Diagnostic } from '../diagnostics.js';
import type { CompileOptions } from './options.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';
import { toPosix } from '../paths.js';

/** The module's stylesheet: every imported sheet, `@import`s inlined, in the order the code runs. */
export interface StylesResult {
  css: string;
  /** Every stylesheet read and every one looked for and missing, the PostCSS config, the files its plugins read: a change to any of them invalidates. */
  inputs: string[];
  diagnostics: Diagnostic[];
}

const REMOTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#|\/)/i;

/**
 * Compiles the stylesheets a module imports into its one `styles` artifact with postcss. Each
 * sheet goes through the workspace's PostCSS configuration (a CSS Module is scoped first);
 * then `@import`s of partials the plugins left are inlined (so the line of a missing one is
 * known exactly), and `url()`s of declared assets point at their addresses. Development output
 * carries an inline map; production output is minified.
 */
export async function compileStyles(workspace: Workspace, module: ModuleInfo, sheets: StylesheetImport[], options: CompileOptions): Promise<StylesResult> {
  const rel = (path: string) => toPosix(relative(workspace.root, path));
  const diagnostics: Diagnostic[] = [];
  const lookup = await findPostcssConfig(workspace.root, module.package.dir, options.env);
  const inputs: string[] = [...lookup.inputs];
  // Without its plugins a sheet would fail for what they handle (`@import "tailwindcss"`): the configuration's failure is the one said.
  if (lookup.diagnostic) return { css: '', inputs: [...inputs, ...sheets.map((s) => s.path)], diagnostics: [lookup.diagnostic] };

  /** The file each declaration's url()s are relative to. */
  const urlBase = new WeakMap<Declaration, string>();

  /** The parsed sheet; 'missing' when there is no such file; undefined after a syntax error. */
  const parse = (file: string): Root | 'missing' | undefined => {
    inputs.push(file);
    const text = readIfExists(file);
    if (text === undefined) return 'missing';
    try {
      return postcss.parse(text, { from: file });
    } catch (error) {
      if (error instanceof postcss.CssSyntaxError) {
        diagnostics.push(bundleError(`${error.reason}; fix the stylesheet`, { file: rel(file), line: error.line, column: error.column }));
      } else {
        throw error;
      }
      return undefined;
    }
  };

  /**
   * A sheet as the module's stylesheet takes it: scoped first when the code imports it as a CSS
   * Module, then through the configured plugins (which inline the `@import`s they resolve
   * themselves, such as Tailwind's `@import "tailwindcss"`). Undefined when either failed.
   */
  const prepare = async (file: string, sheet: Root, cssModule: boolean): Promise<Root | undefined> => {
    let root = sheet;
    if (cssModule) {
      try {
        const scoped = await scopeCssModule(workspace.root, file, root);
        inputs.push(...scoped.composed);
        root = scoped.root;
      } catch (error) {
        const e = error as Error & { reason?: string; line?: number; column?: number };
        diagnostics.push(bundleError(`${(e.reason ?? e.message).split(`${workspace.root}/`).join('')}; fix the CSS Module`, { file: rel(file), line: e.line, column: e.column }));
        return undefined;
      }
    }
    if (lookup.config) {
      const applied = await applyPlugins(workspace.root, lookup.config, file, root);
      if ('diagnostic' in applied) return void diagnostics.push(applied.diagnostic);
      inputs.push(...applied.inputs);
      root = applied.root;
    }
    // What the plugins inlined has its url()s relative to this sheet (Tailwind rebases them), whichever file a rule says it came from.
    root.walkDecls((decl) => void (decl.value.includes('url(') && urlBase.set(decl, file)));
    return root;
  };

  /** Inlines the `@import`s of relative partials the plugins left, each partial prepared as a sheet. */
  const inline = async (root: Root, file: string, chain: string[]): Promise<void> => {
    const rules: AtRule[] = [];
    root.walkAtRules('import', (rule) => void rules.push(rule));
    for (const rule of rules) {
      const target = importTarget(rule.params);
      if (!target || REMOTE.test(target.url)) continue;
      const path = resolve(dirname(file), target.url);
      const where = { file: rel(file), line: rule.source?.start?.line, column: rule.source?.start?.column };
      if (chain.includes(path)) {
        diagnostics.push(bundleError(`'${target.url}' imports itself through ${chain.map(rel).join(' → ')}; remove the cycle`, where));
        rule.remove();
        continue;
      }
      const parsed = parse(path);
      if (parsed === 'missing') {
        diagnostics.push(bundleError(`Cannot find '${target.url}' imported by ${rel(file)}; create ${rel(path)} or correct the @import`, where));
      }
      const partial = parsed && parsed !== 'missing' ? await prepare(path, parsed, false) : undefined;
      if (!partial) {
        rule.remove();
        continue;
      }
      await inline(partial, path, [...chain, path]);
      if (target.media) {
        rule.replaceWith(postcss.atRule({ name: 'media', params: target.media, nodes: partial.nodes, source: rule.source }));
      } else {
        rule.replaceWith(partial.nodes);
      }
    }
  };

  const rewriteUrls = (root: Root) => {
    root.walkDecls((decl) => {
      if (!decl.value.includes('url(')) return;
      const from = urlBase.get(decl) ?? decl.source?.input.file;
      if (!from) return;
      const parsed = valueParser(decl.value);
      parsed.walk((node) => {
        if (node.type !== 'function' || node.value !== 'url' || node.nodes.length !== 1) return;
        const url = node.nodes[0].value;
        if (!url || REMOTE.test(url) || url.startsWith('data:')) return;
        const path = resolve(dirname(from), url.replace(/[?#].*$/, ''));
        const asset = module.assets.find((a) => a.absolute === path);
        if (!asset) {
          const where = { file: rel(decl.source?.input.file ?? from), line: decl.source?.start?.line, column: decl.source?.start?.column };
          diagnostics.push(assetNotDeclared(toPosix(relative(module.dir, path)), module.moduleManifestFile ?? `${rel(module.dir)}/module.json`, where));
          return;
        }
        node.nodes[0].value = assetAddressFromStyles(module.subpath, asset.path);
      });
      decl.value = parsed.toString();
    });
  };

  const combined = postcss.root();
  for (const sheet of sheets) {
    const parsed = parse(sheet.path);
    if (parsed === 'missing') {
      const where = locateImport(workspace.root, sheet.importer, sheet.specifier);
      diagnostics.push(bundleError(`Cannot find '${sheet.specifier}' imported by ${rel(sheet.importer)}; create ${rel(sheet.path)} or correct the import`, where));
    }
    const root = parsed && parsed !== 'missing' ? await prepare(sheet.path, parsed, CSS_MODULE.test(sheet.path)) : undefined;
    if (!root) continue;
    await inline(root, sheet.path, [sheet.path]);
    combined.append(root.nodes);
  }
  rewriteUrls(combined);
  if (diagnostics.length) return { css: '', inputs: [...new Set(inputs)], diagnostics };

  // `to` at the workspace root makes the map's sources workspace-relative.
  const to = join(workspace.root, '__kit_out.css');
  const development = options.sourcemap === 'inline';
  let css = combined.toResult({ to, map: development ? { inline: true, sourcesContent: true } : false }).css;
  if (options.min) css = (await esbuild.transform(css, { loader: 'css', minify: true })).code;
  return { css, inputs: [...new Set(inputs)], diagnostics };
}

/** The url and media of an `@import` rule's params: `"x.css"`, `url(x.css) screen`. */
function importTarget(params: string): { url: string; media: string } | undefined {
  const parsed = valueParser(params);
  const [first, ...rest] = parsed.nodes;
  if (!first) return undefined;
  let url: string | undefined;
  if (first.type === 'string') url = first.value;
  else if (first.type === 'function' && first.value === 'url') url = first.nodes[0]?.value;
  return url === undefined ? undefined : { url, media: valueParser.stringify(rest).trim() };
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
