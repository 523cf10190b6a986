import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { ActionResultSchema } from './reapi/remote_execution_pb.js';

/**
 * A cache entry as the Remote Execution API's `ActionResult` (Bazel's HTTP cache keeps it
 * under `/ac/`), written and read with @bufbuild/protobuf from REAPI's own message
 * definitions (`reapi/remote_execution.proto`), so that other REAPI tools read kit's entries
 * and kit reads theirs. kit uses the output files: each one's path, digest and inlined bytes.
 */
export interface OutputFile {
  path: string;
  hash: string;
  size: number;
  /** The file's bytes inlined in the entry (the protocol's `contents`), as well as under `/cas/<hash>`. */
  contents?: Buffer;
}

/** The bytes of an `ActionResult` listing `outputs`. */
export function encodeActionResult(outputs: readonly OutputFile[]): Buffer {
  const result = create(ActionResultSchema, {
    outputFiles: outputs.map((output) => ({
      path: output.path,
      digest: { hash: output.hash, sizeBytes: BigInt(output.size) },
      ...(output.contents ? { contents: output.contents } : {}),
    })),
  });
  return asBuffer(toBinary(ActionResultSchema, result));
}

/**
 * The output files an `ActionResult` lists; throws on bytes that are not one. Fields kit does
 * not use (an exit code, execution metadata, symlinks: servers and other clients write them)
 * are skipped.
 */
export function decodeActionResult(bytes: Buffer): OutputFile[] {
  const result = fromBinary(ActionResultSchema, bytes, { readUnknownFields: false });
  return result.outputFiles.map((file) => ({
    path: file.path,
    hash: file.digest?.hash ?? '',
    size: Number(file.digest?.sizeBytes ?? 0n),
    // proto3 writes no empty bytes field: no contents means none inlined, read from /cas/.
    ...(file.contents.length > 0 ? { contents: asBuffer(file.contents) } : {}),
  }));
}

/** The same bytes as a Buffer, without a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
