import { afterEach } from 'vitest';

/**
 * A maker of things a test must close (a checker and its native process, say): each one made
 * is closed after the test that made it.
 */
export function closedAfterEach<T extends { close(): Promise<void> }, A extends unknown[]>(make: (...args: A) => T): (...args: A) => T {
  const made: T[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((thing) => thing.close()));
  });
  return (...args) => {
    const thing = make(...args);
    made.push(thing);
    return thing;
  };
}
