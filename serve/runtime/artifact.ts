import type { Exports, HotContext } from './hot-types.js';

export type { Exports };

/** A file of a module as its development output defines it (compiler/hot/factory.ts): CommonJS with live bindings. */
export type Factory = (require: (id: string) => unknown, module: { exports: Exports }, exports: Exports, meta: Meta) => void;

/** A factory's `__kit_meta`: what `import.meta` gives the file. */
export interface Meta {
  url: string;
  hot: HotContext;
  /** `import()`: a file of the module, else the browser's. */
  i(specifier: string): Promise<unknown>;
  r?: (type: unknown, id: string) => void;
  s?: () => unknown;
}

/** One public module's development output in the page: its files, those that ran, who required whom. */
export class Artifact {
  readonly factories = new Map<string, { factory: Factory; deps?: Record<string, string> }>();
  /** The files that ran, with their exports. */
  readonly ran = new Map<string, { exports: Exports }>();
  /** By file: the files that required it. */
  readonly importers = new Map<string, Set<string>>();
  /** By bare specifier: the files that required it (another module's entry, maybe). */
  readonly externalImporters = new Map<string, Set<string>>();
  entry?: string;
  /** Binds the output's exported names to the entry's exports again. */
  bind?: (exports: Exports) => void;

  constructor(
    readonly vspecifier: string,
    public url: string,
    readonly externals: Record<string, unknown>,
  ) {}
}

