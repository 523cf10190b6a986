/**
 * The part of the Remote Execution API's `ActionResult` protobuf a cache entry needs, encoded
 * and decoded by hand (Bazel's HTTP cache stores it under `/ac/`): field 2, repeated
 * `OutputFile { 1: path, 2: Digest { 1: hash, 2: size_bytes }, 5: contents }`. Unknown
 * fields are skipped on read, as servers such as bazel-remote add some.
 */
export interface OutputFile {
  path: string;
  hash: string;
  size: number;
  /** The file's bytes inlined in the entry (the protocol's `contents`), as well as under `/cas/<hash>`. */
  contents?: Buffer;
}

function varint(value: number): number[] {
  const bytes: number[] = [];
  for (let v = value; ; v = Math.floor(v / 128)) {
    if (v < 128) return [...bytes, v];
    bytes.push((v % 128) | 128);
  }
}

function field(number: number, payload: Buffer): Buffer {
  return Buffer.concat([Buffer.from([(number << 3) | 2, ...varint(payload.length)]), payload]);
}

/** The bytes of an `ActionResult` listing `outputs`. */
export function encodeActionResult(outputs: readonly OutputFile[]): Buffer {
  return Buffer.concat(
    outputs.map((output) => {
      const digest = Buffer.concat([field(1, Buffer.from(output.hash)), Buffer.from([(2 << 3) | 0, ...varint(output.size)])]);
      return field(2, Buffer.concat([field(1, Buffer.from(output.path)), field(2, digest), ...(output.contents ? [field(5, output.contents)] : [])]));
    }),
  );
}

/** The fields of one protobuf message: number → the payloads (length-delimited) or values (varint) given for it. */
function fields(bytes: Buffer): Map<number, (Buffer | number)[]> {
  const found = new Map<number, (Buffer | number)[]>();
  let at = 0;
  const readVarint = () => {
    let value = 0;
    for (let shift = 1; ; shift *= 128) {
      if (at >= bytes.length) throw new Error('truncated varint');
      const byte = bytes[at++];
      value += (byte & 127) * shift;
      if (byte < 128) return value;
    }
  };
  while (at < bytes.length) {
    const key = readVarint();
    const [number, wire] = [Math.floor(key / 8), key % 8];
    let value: Buffer | number;
    if (wire === 0) value = readVarint();
    else if (wire === 2) {
      const length = readVarint();
      if (at + length > bytes.length) throw new Error('truncated field');
      value = bytes.subarray(at, (at += length));
    } else if (wire === 1 || wire === 5) {
      at += wire === 1 ? 8 : 4;
      continue;
    } else throw new Error(`unknown wire type ${wire}`);
    found.set(number, [...(found.get(number) ?? []), value]);
  }
  return found;
}

/** The output files an `ActionResult` lists; throws on bytes that are not one. */
export function decodeActionResult(bytes: Buffer): OutputFile[] {
  return (fields(bytes).get(2) ?? []).map((file) => {
    const output = fields(file as Buffer);
    const digest = fields((output.get(2)?.[0] as Buffer | undefined) ?? Buffer.alloc(0));
    const contents = output.get(5)?.[0];
    return { path: String(output.get(1)?.[0] ?? ''), hash: String(digest.get(1)?.[0] ?? ''), size: Number(digest.get(2)?.[0] ?? 0), ...(Buffer.isBuffer(contents) ? { contents } : {}) };
  });
}
