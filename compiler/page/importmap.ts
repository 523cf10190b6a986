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
