// Ambient types kit adds to every `ts` build: what an imported stylesheet or asset yields.
// A CSS Module: each class by its scoped name, as Vite types it. Before '*.css': TypeScript takes
// the first of the patterns that match alike.
declare module '*.module.css' { const classes: { readonly [key: string]: string }; export default classes; }
declare module '*.css' {}
declare module '*.svg' { const url: string; export default url; }
declare module '*.png' { const url: string; export default url; }
declare module '*.jpg' { const url: string; export default url; }
declare module '*.jpeg' { const url: string; export default url; }
declare module '*.gif' { const url: string; export default url; }
declare module '*.webp' { const url: string; export default url; }
declare module '*.avif' { const url: string; export default url; }
declare module '*.ico' { const url: string; export default url; }
declare module '*.woff' { const url: string; export default url; }
declare module '*.woff2' { const url: string; export default url; }
declare module '*.txt' { const url: string; export default url; }

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

// Vite's import suffixes (CONTRACT §11), typed as Vite's client.d.ts types them: `?raw` is the
// file's text, `?url` a declared asset's address, `?inline` a stylesheet's text or an asset's data URL.
declare module '*?raw' { const text: string; export default text; }
declare module '*?url' { const url: string; export default url; }
declare module '*?inline' { const inlined: string; export default inlined; }
