import type { Draft } from './types.js';

export function produce<T extends object>(base: T, recipe: (draft: Draft<T>) => void): T {
  const draft = { ...base } as Draft<T>;
  recipe(draft);
  return draft as T;
}
