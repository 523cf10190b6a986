// @kit-js/packages/client: what kit gives browser code, for the editor and tsc (as vite/client):
// the imports of stylesheets, assets and suffixes, and import.meta.env. A workspace names it in a
// .d.ts its tsconfig includes: /// <reference types="@kit-js/packages/client" />
/// <reference path="./kit-env.d.ts" />
// import.meta.env as Vite types it: what kit defines in every browser module (MODE, DEV, PROD,
// SSR, BASE_URL, and the VITE_ and KIT_PUBLIC_ variables of the environment and .env files).
// Declare your own variables by adding to ImportMetaEnv, as with Vite.
interface ImportMetaEnv {
  [key: string]: any;
  readonly BASE_URL: string;
  readonly MODE: string;
  readonly DEV: boolean;
  readonly PROD: boolean;
  readonly SSR: boolean;
}

// import.meta.hot as Vite types it (CONTRACT §13): defined in development outputs (the preview
// applies a saved file in place when it, or a file between it and the page, accepts it),
// undefined in production outputs, where code under `if (import.meta.hot)` is dropped.
interface KitHotContext {
  /** Kept across the runs of this file: what its dispose handlers were given. */
  readonly data: any;
  /** This file takes its own updates: it runs again, and `callback` gets its new exports. */
  accept(callback?: (module: Record<string, any> | undefined) => void): void;
  /** This file takes the updates of `dependency` (a specifier it imports): `callback` gets its new exports; this file does not run again. */
  accept(dependency: string, callback: (module: Record<string, any> | undefined) => void): void;
  accept(dependencies: readonly string[], callback: (modules: Array<Record<string, any> | undefined>) => void): void;
  /** Taken as `accept(callback)`: this file runs again. */
  acceptExports(exportNames: string | readonly string[], callback?: (module: Record<string, any> | undefined) => void): void;
  /** Before this file runs again (or is replaced): clean up, and leave in `data` what the next run needs. */
  dispose(callback: (data: any) => void): void;
  /** When an update leaves this file out of its module. */
  prune(callback: (data: any) => void): void;
  /** This file cannot take this update after all: it goes on to the files that import it (or reloads the page). */
  invalidate(message?: string): void;
  /** kit's events (`kit:beforeUpdate`, `kit:afterUpdate`, `kit:beforeFullReload`, `kit:error`, `kit:invalidate`); Vite's `vite:` names are the same events. */
  on(event: string, callback: (payload: any) => void): void;
  off(event: string, callback: (payload: any) => void): void;
  /** Vite sends custom events to its server; kit's has none to receive them: nothing happens. */
  send(event: string, data?: unknown): void;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
  readonly hot?: KitHotContext;
}
