// The part of reflect-metadata this fixture needs: decorators' metadata kept per target.
const store = new WeakMap<object, Map<string, unknown>>();
const reflect = Reflect as typeof Reflect & {
  metadata(key: string, value: unknown): (target: object, property?: string | symbol) => void;
  getMetadata(key: string, target: object): unknown;
};
reflect.metadata = (key, value) => (target) => {
  if (!store.has(target)) store.set(target, new Map());
  store.get(target)!.set(key, value);
};
reflect.getMetadata = (key, target) => store.get(target)?.get(key);
export const getMetadata = reflect.getMetadata;
