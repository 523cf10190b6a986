import type { BundlerRef } from '../workspace/manifests.js';
import { esbuildBundler } from './esbuild.js';
import { tsBundler } from './ts.js';
import type { Bundler } from './types.js';

const BY_SPECIFIER: Record<string, Bundler> = {
  '@kit-js/packages/bundlers/ts': tsBundler,
  '@kit-js/packages/bundlers/esbuild': esbuildBundler,
};

/** The implementation a registered bundler names. Discovery already refused unknown specifiers. */
export function getBundler(ref: BundlerRef): Bundler {
  const bundler = BY_SPECIFIER[ref.specifier];
  if (!bundler) throw new Error(`no bundler implements ${ref.specifier}`);
  return bundler;
}
