// `Options` and `Size` are types only, imported and re-exported without `type`.
import { Options, Size, defaults } from './reexports.js';
export { Options } from './types.js';

const chosen: Size = 'large';
const options: Options = { ...defaults, size: defaults.size + 1 };
export const result = [options.size, chosen];
