import { formatAddress, parseAddress } from '../bundle/address.js';
import { formatOptions, type CompileOptions } from '../bundle/options.js';

/** Between a module's subpath and a file's path in an update address. */
const FILE = '/@file/';

/** One file of a hot development output, as the update route names it. */
export interface UpdateAddress {
  /** The file's digest (`HotFile.hash`): that exact factory, or none. */
  hash: string;
  packageName: string;
  version: string;
  subpath: string;
  /** The file's path in the workspace. */
  path: string;
}

/**
 * `/u/<file hash>/<package>@<version>/modules/<subpath>/@file/<path in the workspace>?<options>`:
 * the factory of one file of a module's development output, as that build made it.
 */
export function formatUpdateAddress(at: UpdateAddress, options: CompileOptions): string {
  const module = formatAddress({ packageName: at.packageName, version: at.version }, 'modules', at.subpath);
  // Each segment escaped: a file kit names with a suffix of its own (`x.txt?kit-inline-raw`) keeps its `?` in the path.
  const path = at.path.split('/').map(encodeURIComponent).join('/');
  return `/u/${at.hash}${module.slice('/m'.length)}${FILE}${path}?${formatOptions(options)}`;
}

/** Parses the (decoded) path of an update address of a file; undefined when it is not one. */
export function parseUpdateAddress(path: string): UpdateAddress | undefined {
  const match = /^\/u\/([0-9a-f]+)(\/.+)$/.exec(path);
  const address = match ? parseAddress(`/m${match[2]}`) : undefined;
  const at = address?.tail.indexOf(FILE) ?? -1;
  if (!match || !address || address.family !== 'modules' || at <= 0) return undefined;
  return { hash: match[1], packageName: address.packageName, version: address.version, subpath: address.tail.slice(0, at), path: address.tail.slice(at + FILE.length) };
}
