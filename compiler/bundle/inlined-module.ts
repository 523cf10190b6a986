import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import mime from 'mime';
import { assetAddressFromModule } from './address.js';
import { compileStyles } from './styles.js';
import type { ImportPolicy } from './imports.js';
import type { Inlined } from './suffixes.js';
import { bundleError, type Diagnostic } from '../diagnostics.js';
import { toPosix } from '../paths.js';

/** The module a bundler loads for an import with `?raw` or `?inline`, the files it was made from, and what went wrong. */
export interface InlinedModule {
  code: string;
  inputs: string[];
  diagnostics: Diagnostic[];
}

/**
 * The module an import with `?raw` or `?inline` stands for: `export default` a string. A
 * stylesheet is built as the module's stylesheet is (the workspace's PostCSS config, CSS
 * Modules scoped, minified in production) but with no map, and is not linked: its `url()`s of
 * declared assets become absolute addresses at run time (the text is applied to a document,
 * whose address is not the stylesheet's).
 */
export async function inlinedModule(form: Inlined, path: string, policy: ImportPolicy, importer: string, specifier: string): Promise<InlinedModule> {
  const { workspace, module, options } = policy;
  if (form === 'stylesheet') {
    const built = await compileStyles(workspace, module, [{ path, importer, specifier }], { ...options, sourcemap: 'none' });
    return { code: `export default ${withAssetAddresses(built.css, module.subpath, module.assets.map((a) => a.path))};\n`, inputs: built.inputs, diagnostics: built.diagnostics };
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    // Looked for when the import was decided: gone since.
    const message = `Cannot read '${toPosix(relative(workspace.root, path))}' imported as '${specifier}'`;
    return { code: 'export default "";\n', inputs: [path], diagnostics: [bundleError(message, policy.locate(importer, specifier))] };
  }
  const value = form === 'raw' ? bytes.toString('utf8') : `data:${mime.getType(path) ?? 'application/octet-stream'};base64,${bytes.toString('base64')}`;
  return { code: `export default ${JSON.stringify(value)};\n`, inputs: [path], diagnostics: [] };
}

/**
 * The stylesheet's text as a JavaScript expression: each declared asset's address (relative
 * to the module's stylesheet, as compileStyles writes it) resolved from the module's own
 * address, as an imported asset's is.
 */
function withAssetAddresses(css: string, subpath: string, assets: readonly string[]): string {
  const addresses = assets.map((file) => assetAddressFromModule(subpath, file)).sort((a, b) => b.length - a.length);
  if (!addresses.length) return JSON.stringify(css);
  const pattern = new RegExp(addresses.map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const parts: string[] = [];
  let last = 0;
  for (const match of css.matchAll(pattern)) {
    parts.push(JSON.stringify(css.slice(last, match.index)), `new URL(${JSON.stringify(match[0])}, import.meta.url).href`);
    last = match.index + match[0].length;
  }
  parts.push(JSON.stringify(css.slice(last)));
  return parts.filter((p) => p !== '""').join(' + ') || '""';
}
