import { createHash } from 'node:crypto';
import { formatAddress } from '../bundle/address.js';
import { formatOptions, type CompileOptions } from '../bundle/options.js';
import type { ModuleInfo } from '../workspace/model.js';

/** An import map: bare specifier → URL. */
export interface ImportMap {
  imports: Record<string, string>;
}

/** The service address of a module's code, with its options, below `prefix` (`..`, an origin, or empty). */
export function moduleUrl(prefix: string, module: ModuleInfo, options: CompileOptions): string {
  return `${prefix}${formatAddress({ packageName: module.package.name, version: module.package.version }, 'modules', module.subpath)}?${formatOptions(options)}`;
}

/** The service address of a module's stylesheet. */
export function stylesUrl(prefix: string, module: ModuleInfo, options: CompileOptions): string {
  return `${prefix}${formatAddress({ packageName: module.package.name, version: module.package.version }, 'styles', module.subpath)}?${formatOptions(options)}`;
}

/** The path of a module's code in the static emit, relative to the emit's root. */
export function emittedModuleFile(module: ModuleInfo): string {
  return `m/${module.package.name}@${module.package.version}/modules/${module.subpath}.js`;
}

/** A token of a file's content (`?v=<token>` in a built page): a rebuilt file is a new URL to every cache. */
export function contentToken(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 10);
}

/**
 * How a built page refers to a file of the emit: its address path, relative to the page,
 * plus a token of its content, so that a browser or proxy that kept the previous deploy's
 * bytes at that path (a year, `immutable`) asks again when they change.
 */
export function addressByContent(file: string, data: string | Buffer): string {
  return `./${file}?v=${contentToken(data)}`;
}
