/**
 * One request of a sample (test/samples/<case>/_config.ts) and what its answer must be.
 * `test/samples.test.ts` sends it to the sample's service, in process, and compares the body
 * with the snapshot file `snapshots/<case>/<name>.<js|css|json>` (`vitest -u` writes it).
 */
export interface SampleRequest {
  /** Names the snapshot: one readable file per sample and request. */
  name: string;
  /** The request target; `{dev}` and `{prod}` stand for the development and production option sets. */
  target: string;
  status: number;
  /** For a refusal: its code, and the codes of its diagnostics in order. No snapshot is kept. */
  error?: { code: string; diagnostics?: string[] };
}

/** What a sample is, and what is asked of it. */
export interface SampleConfig {
  /** What the sample stands for: the idioms of real code it brings. */
  description: string;
  requests: SampleRequest[];
}
