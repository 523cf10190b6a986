export type Draft<T> = { -readonly [K in keyof T]: T[K] };
export { Patch } from './patch.js';
