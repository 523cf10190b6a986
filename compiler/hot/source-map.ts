/**
 * Source maps taken apart by line and put together again: a hot development output is the
 * factories of its files one after the other, each with the map swc made of it, and an
 * update serves one factory with its lines of that map.
 */

/** One mapped position: generated column, then source index, line and column (0-based), and a name index. */
export type Segment = [number, number, number, number] | [number, number, number, number, number] | [number];
/** The segments of each generated line. */
export type Lines = Segment[][];

const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Map([...CHARS].map((c, i) => [c, i]));

/** A map's `mappings` as absolute segments, line by line. */
export function decodeMappings(mappings: string): Lines {
  const lines: Lines = [];
  const state = [0, 0, 0, 0, 0];
  for (const line of mappings.split(';')) {
    const segments: Segment[] = [];
    state[0] = 0; // the generated column starts again on every line; the other fields run on
    if (line) {
      for (const text of line.split(',')) {
        const fields = decodeVlq(text);
        for (let i = 0; i < fields.length; i++) state[i] += fields[i];
        segments.push(state.slice(0, fields.length) as Segment);
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** Absolute segments, line by line, as a map's `mappings`. */
export function encodeMappings(lines: Lines): string {
  const state = [0, 0, 0, 0, 0];
  let out = '';
  lines.forEach((segments, index) => {
    if (index) out += ';';
    state[0] = 0;
    segments.forEach((segment, i) => {
      if (i) out += ',';
      for (let f = 0; f < segment.length; f++) {
        out += encodeVlq(segment[f] - state[f]);
        state[f] = segment[f];
      }
    });
  });
  return out;
}

function decodeVlq(text: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = VALUES.get(char)!;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = shift = 0;
  }
  return fields;
}

function encodeVlq(n: number): string {
  let value = n < 0 ? (-n << 1) | 1 : n << 1;
  let out = '';
  do {
    let digit = value & 31;
    value >>>= 5;
    if (value) digit |= 32;
    out += CHARS[digit];
  } while (value);
  return out;
}

/** Segments with their source and name indexes moved into a larger list (`sources[i]` → `sourceAt[i]`). */
export function reindex(lines: Lines, sourceAt: readonly number[], nameAt: readonly number[]): Lines {
  return lines.map((segments) =>
    segments.map((s) => (s.length === 1 ? s : s.length === 4 ? [s[0], sourceAt[s[1]], s[2], s[3]] : [s[0], sourceAt[s[1]], s[2], s[3], nameAt[s[4]]]) as Segment),
  );
}

/** Segments of one line after `text` of length `removed` at `column` was replaced by one `delta` longer. */
export function shiftColumns(segments: Segment[], column: number, delta: number): Segment[] {
  return segments.map((s) => (s[0] > column ? ([s[0] + delta, ...s.slice(1)] as Segment) : s));
}

/**
 * Lists of sources and names that several maps share: each map's own entries are looked up
 * (or added) by value, so a file named by two factories is one source of the whole.
 */
export class SharedLists {
  readonly sources: string[] = [];
  readonly sourcesContent: (string | null)[] = [];
  readonly names: string[] = [];
  private sourceIndex = new Map<string, number>();
  private nameIndex = new Map<string, number>();

  /** The indexes in the shared lists of a map's sources and names. */
  add(sources: readonly string[], contents: readonly (string | null | undefined)[] | undefined, names: readonly string[]): { sourceAt: number[]; nameAt: number[] } {
    const sourceAt = sources.map((source, i) => {
      let at = this.sourceIndex.get(source);
      if (at === undefined) {
        this.sourceIndex.set(source, (at = this.sources.length));
        this.sources.push(source);
        this.sourcesContent.push(contents?.[i] ?? null);
      }
      return at;
    });
    const nameAt = names.map((name) => {
      let at = this.nameIndex.get(name);
      if (at === undefined) {
        this.nameIndex.set(name, (at = this.names.length));
        this.names.push(name);
      }
      return at;
    });
    return { sourceAt, nameAt };
  }
}
