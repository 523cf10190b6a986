import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { AtRule, Root } from 'postcss';
import { esbuild, postcss, valueParser } from '../commonjs.js';
import { assetAddressFromStyles } from './address.js';
import { locateImport } from './imports.js';
import type { StylesheetImport } from './types.js';
import { assetNotDeclared, bundleError, type Diagnostic } from '../diagnostics.js';
import type { CompileOptions } from './options.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';
import { toPosix } from '../paths.js';

/** The module's stylesheet: every imported sheet, `@import`s inlined, in the order the code runs. */
export interface StylesResult {
  css: string;
  /** Every stylesheet read, and every one looked for and missing: a change to any of them invalidates. */
  inputs: string[];
  diagnostics: Diagnostic[];
}

const REMOTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#|\/)/i;

/**
 * Compiles the stylesheets a module imports into its one `styles` artifact with postcss.
 * `@import`s of partials are inlined (so the line of a missing one is known exactly), and
 * `url()`s of declared assets point at their addresses. Development output carries an
 * inline map; production output is minified.
 */
export async function compileStyles(workspace: Workspace, module: ModuleInfo, sheets: StylesheetImport[], options: CompileOptions): Promise<StylesResult> {
  const rel = (path: string) => toPosix(relative(workspace.root, path));
  const inputs: string[] = [];
  const diagnostics: Diagnostic[] = [];

  /** The parsed sheet; 'missing' when there is no such file; undefined after a syntax error. */
  const parse = (file: string): Root | 'missing' | undefined => {
    if (!inputs.includes(file)) inputs.push(file);
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

  const inline = (root: Root, file: string, chain: string[]) => {
    root.walkAtRules('import', (rule: AtRule) => {
      const target = importTarget(rule.params);
      if (!target || REMOTE.test(target.url)) return;
      const path = resolve(dirname(file), target.url);
      const where = { file: rel(file), line: rule.source?.start?.line, column: rule.source?.start?.column };
      if (chain.includes(path)) {
        diagnostics.push(bundleError(`'${target.url}' imports itself through ${chain.map(rel).join(' → ')}; remove the cycle`, where));
        return void rule.remove();
      }
      const partial = parse(path);
      if (partial === 'missing') {
        diagnostics.push(bundleError(`Cannot find '${target.url}' imported by ${rel(file)}; create ${rel(path)} or correct the @import`, where));
      }
      if (partial === 'missing' || !partial) return void rule.remove();
      inline(partial, path, [...chain, path]);
      if (target.media) {
        rule.replaceWith(postcss.atRule({ name: 'media', params: target.media, nodes: partial.nodes, source: rule.source }));
      } else {
        rule.replaceWith(partial.nodes);
      }
    });
  };

  const rewriteUrls = (root: Root) => {
    root.walkDecls((decl) => {
      if (!decl.value.includes('url(')) return;
      const from = decl.source?.input.file;
      if (!from) return;
      const parsed = valueParser(decl.value);
      parsed.walk((node) => {
        if (node.type !== 'function' || node.value !== 'url' || node.nodes.length !== 1) return;
        const url = node.nodes[0].value;
        if (!url || REMOTE.test(url) || url.startsWith('data:')) return;
        const path = resolve(dirname(from), url.replace(/[?#].*$/, ''));
        const asset = module.assets.find((a) => a.absolute === path);
        if (!asset) {
          const where = { file: rel(from), line: decl.source?.start?.line, column: decl.source?.start?.column };
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
    const root = parse(sheet.path);
    if (root === 'missing') {
      const where = locateImport(workspace.root, sheet.importer, sheet.specifier);
      diagnostics.push(bundleError(`Cannot find '${sheet.specifier}' imported by ${rel(sheet.importer)}; create ${rel(sheet.path)} or correct the import`, where));
    }
    if (root === 'missing' || !root) continue;
    inline(root, sheet.path, [sheet.path]);
    combined.append(root.nodes);
  }
  rewriteUrls(combined);
  if (diagnostics.length) return { css: '', inputs, diagnostics };

  // `to` at the workspace root makes the map's sources workspace-relative.
  const to = join(workspace.root, '__kit_out.css');
  const development = options.sourcemap === 'inline';
  let css = combined.toResult({ to, map: development ? { inline: true, sourcesContent: true } : false }).css;
  if (options.min) css = (await esbuild.transform(css, { loader: 'css', minify: true })).code;
  return { css, inputs, diagnostics };
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
