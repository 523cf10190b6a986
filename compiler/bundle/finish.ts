import { esbuild } from '../commonjs.js';
import type { CompileOptions } from './options.js';
import type { KitBundleResult } from './types.js';

/** The helpers swc writes for standard and legacy decorators. */
const DECORATOR_HELPERS = /\b_apply_decs_\w+\(|\b_ts_decorate\(/;

/** Minifies what the bundler left unminified, and inlines the development map. */
export async function finish(result: KitBundleResult, options: CompileOptions, minified: boolean): Promise<string> {
  if (options.min && !minified) {
    // Minified in the language the bundler wrote (a tsconfig's es2017 stays es2017). Decorated
    // code keeps its names: a class decorator's `context.name`, and metadata, read them.
    const keepNames = DECORATOR_HELPERS.test(result.code);
    return (await esbuild.transform(result.code, { minify: true, keepNames, format: 'esm', target: result.target ?? 'es2022', loader: 'js' })).code;
  }
  if (options.sourcemap === 'inline' && result.map) {
    const map = Buffer.from(JSON.stringify(result.map)).toString('base64');
    return `${result.code.replace(/\n?\/\/# sourceMappingURL=.*\s*$/, '')}\n//# sourceMappingURL=data:application/json;base64,${map}\n`;
  }
  return result.code;
}
