// Names that are only types, re-exported without `type`: tsc drops them from the emit.
export { Options, Size, defaults } from './types.js';
