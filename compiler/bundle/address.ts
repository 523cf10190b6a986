import { formatOptions, type CompileOptions } from './options.js';

export type Family = 'modules' | 'styles' | 'assets';

/** A parsed `/m/<package>@<version>/<family>/<tail>` path. */
export interface Address {
  packageName: string;
  version: string;
  family: Family;
  /** The module subpath, and for assets the file path below it, joined by `/`. */
  tail: string;
}

const ADDRESS = /^\/m\/((?:@[^/@]+\/)?[^/@]+)@([^/]+)\/(modules|styles|assets)\/(.+)$/;

/** Parses a decoded path; undefined when it is not an address at all. */
export function parseAddress(path: string): Address | undefined {
  const match = ADDRESS.exec(path);
  if (!match) return undefined;
  return { packageName: match[1], version: match[2], family: match[3] as Family, tail: match[4] };
}

/** `/m/<package>@<version>/<family>/<subpath>` plus the canonical query for code and styles. */
export function formatAddress(vspecifier: { packageName: string; version: string }, family: Family, tail: string, options?: CompileOptions): string {
  const path = `/m/${vspecifier.packageName}@${vspecifier.version}/${family}/${tail}`;
  return options ? `${path}?${formatOptions(options)}` : path;
}

/** The address tail of a module's asset relative to its code (`../assets/<subpath>/<file>`). */
export function assetAddressFromModule(subpath: string, file: string): string {
  return `${'../'.repeat(subpath.split('/').length)}assets/${subpath}/${file}`;
}

/** The address of an asset relative to the module's stylesheet; the same shape, styles sit beside modules. */
export const assetAddressFromStyles = assetAddressFromModule;
