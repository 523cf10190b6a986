// A name that is only a type, re-exported through barrels (immer's and mobx's layout):
// `export * from` and `export { } from` chains, followed to decide what is only a type.
export { Draft, Patch } from './internal.js';
import { Draft, produce } from './internal.js';

const base: Draft<{ n: number }> = { n: 1 };
export const result = [produce(base, (draft) => (draft.n = 2)).n, base.n];
