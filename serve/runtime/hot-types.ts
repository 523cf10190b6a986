// The shapes of hot updates in the page: what a file exports, and its `import.meta.hot`.

/** What a file of a module exports. */
export type Exports = Record<string, unknown>;

/** A listener of `import.meta.hot.on`. */
export type Callback = (...args: never[]) => void;

/** `import.meta.hot` as Vite defines it. */
export interface HotContext {
  readonly data: Record<string, unknown>;
  accept(deps?: unknown, callback?: unknown): void;
  acceptExports(names: unknown, callback?: (exports: Exports) => void): void;
  dispose(callback: (data: Record<string, unknown>) => void): void;
  prune(callback: (data: Record<string, unknown>) => void): void;
  decline(): void;
  invalidate(message?: string): void;
  on(event: string, callback: Callback): void;
  off(event: string, callback: Callback): void;
  send(event: string, data?: unknown): void;
}
