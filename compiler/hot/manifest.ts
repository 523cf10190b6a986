// What a hot development output holds: plain data, which the bundlers' results carry and compiler/hot/ reads.

/** One file in a hot development output: where its factory is, and what it is. */
export interface HotFile {
  /** Its path in the workspace (the id it has in the output is shorter). */
  path: string;
  /** Digest of its factory: a file whose digest changed runs again. */
  hash: string;
  /** The line its factory starts on (0-based) and how many lines it takes. */
  line: number;
  lines: number;
  /** The bare specifiers it requires, with the names it imports from each. */
  imports: Record<string, string[]>;
  /** The version of its source it was made from (`sourceDigest`), and the shape of its JavaScript (`fileShape`): an edit that keeps the shape can be made into this file's factory alone. */
  source?: string;
  shape?: string;
  /** The specifiers its JavaScript writes, by the id of the file each names. */
  written?: Record<string, string>;
}

/** What a hot development output holds, for telling what an edit changed and serving one file of it. */
export interface HotManifest {
  entry: string;
  exports: string[];
  stars: string[];
  /** By their ids in the output. */
  files: Record<string, HotFile>;
}
