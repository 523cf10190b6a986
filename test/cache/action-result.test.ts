import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { describe, expect, test } from 'vitest';
import { decodeActionResult, encodeActionResult, type OutputFile } from '../../lib/compiler/cache/action-result.js';

const MANIFEST_HASH = 'a'.repeat(64);
const VALUE_HASH = 'b'.repeat(64);
/** A small entry as kit writes one: the manifest inlined, the value only under /cas/. */
const ENTRY: OutputFile[] = [
  { path: 'kit-manifest.json', hash: MANIFEST_HASH, size: 300, contents: Buffer.from('{}') },
  { path: 'kit-value.json', hash: VALUE_HASH, size: 5 },
];
const bytes = (...values: number[]) => Buffer.from(values);

describe('REAPI ActionResult', () => {
  test('what is encoded decodes to the same outputs, inlined bytes included', () => {
    const outputs: OutputFile[] = [
      { path: 'kit-manifest.json', hash: MANIFEST_HASH, size: 256, contents: Buffer.from(Array.from({ length: 256 }, (_, i) => i)) },
      { path: 'kit-value.json', hash: VALUE_HASH, size: 2 ** 40 },
      { path: 'pägé/ünïcode.json', hash: 'c'.repeat(64), size: 1, contents: Buffer.from('x') },
    ];
    expect(decodeActionResult(encodeActionResult(outputs))).toEqual(outputs);
    expect(decodeActionResult(encodeActionResult([]))).toEqual([]);
  });

  test('the bytes are the protobuf wire format of REAPI\'s fields, as kit wrote them before', () => {
    const expected = Buffer.concat([
      bytes(0x12, 0x5e), // output_files (2, length-delimited), 94 bytes
      bytes(0x0a, 0x11), Buffer.from('kit-manifest.json'), //   path (1)
      bytes(0x12, 0x45), //   digest (2), 69 bytes
      bytes(0x0a, 0x40), Buffer.from(MANIFEST_HASH), //     hash (1)
      bytes(0x10, 0xac, 0x02), //     size_bytes (2, varint): 300
      bytes(0x2a, 0x02), Buffer.from('{}'), //   contents (5)
      bytes(0x12, 0x56), // output_files (2), 86 bytes
      bytes(0x0a, 0x0e), Buffer.from('kit-value.json'),
      bytes(0x12, 0x44, 0x0a, 0x40), Buffer.from(VALUE_HASH),
      bytes(0x10, 0x05),
    ]);
    expect(encodeActionResult(ENTRY).toString('hex')).toBe(expected.toString('hex'));
    // What kit's own encoder wrote for the same outputs before the protobuf library: old entries still read.
    const written = '125e0a116b69742d6d616e69666573742e6a736f6e12450a40' + '61'.repeat(64) + '10ac022a027b7d12560a0e6b69742d76616c75652e6a736f6e12440a40' + '62'.repeat(64) + '1005';
    expect(expected.toString('hex')).toBe(written);
    expect(decodeActionResult(Buffer.from(written, 'hex'))).toEqual(ENTRY);
  });

  test('an ActionResult another REAPI client wrote, with fields kit does not use, gives its output files', () => {
    const digest = (w: BinaryWriter, field: number, hash: string, size: number) => w.tag(field, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).string(hash).tag(2, WireType.Varint).int64(size).join();
    const timestamp = (w: BinaryWriter, field: number, seconds: number) => w.tag(field, WireType.LengthDelimited).fork().tag(1, WireType.Varint).int64(seconds).tag(2, WireType.Varint).int32(5000).join();
    const w = new BinaryWriter();
    // execution_metadata (9): ExecutedActionMetadata { worker, queued_timestamp, worker_completed_timestamp, auxiliary_metadata: Any }
    w.tag(9, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).string('worker-7');
    timestamp(w, 2, 1_760_000_000);
    timestamp(w, 4, 1_760_000_003);
    w.tag(11, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).string('type.googleapis.com/acme.Stats').tag(2, WireType.LengthDelimited).bytes(bytes(8, 1)).join();
    w.join();
    // output_files (2), the first with is_executable (4) and node_properties (7) { properties, mtime, unix_mode }
    w.tag(2, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).string(ENTRY[0].path);
    digest(w, 2, MANIFEST_HASH, 300);
    w.tag(4, WireType.Varint).bool(true).tag(5, WireType.LengthDelimited).bytes(ENTRY[0].contents!);
    w.tag(7, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).string('owner').tag(2, WireType.LengthDelimited).string('ci').join();
    timestamp(w, 2, 1_760_000_001);
    w.tag(3, WireType.LengthDelimited).fork().tag(1, WireType.Varint).uint32(0o644).join().join().join();
    // exit_code (4), stdout_raw (5), stderr_digest (8), output_directories (3), output_symlinks (12)
    w.tag(4, WireType.Varint).int32(0).tag(5, WireType.LengthDelimited).bytes(Buffer.from('built\n'));
    digest(w, 8, 'd'.repeat(64), 0);
    w.tag(3, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).string('out/dir');
    digest(w, 3, 'e'.repeat(64), 120).join();
    w.tag(12, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).string('out/link').tag(2, WireType.LengthDelimited).string('kit-value.json').join();
    w.tag(2, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).string(ENTRY[1].path);
    digest(w, 2, VALUE_HASH, 5).join();
    // A field of a later version of the API, in the wire types kit's messages never use.
    w.tag(99, WireType.Bit64).fixed64(7).tag(98, WireType.Bit32).fixed32(7);
    expect(decodeActionResult(Buffer.from(w.finish()))).toEqual(ENTRY);
  });

  test('a truncated or garbled body throws (the caller\'s miss)', () => {
    const entry = encodeActionResult(ENTRY);
    for (const body of [
      entry.subarray(0, entry.length - 1), // the last output cut short
      entry.subarray(0, 40), // inside the first output's digest
      bytes(0x12, 0x5e, 0x0a), // a length beyond the end
      bytes(0x0f), // wire type 7 does not exist
      bytes(0x0c), // a group's end with no start
      Buffer.from('<html><body>502 Bad Gateway</body></html>'), // a proxy's error page
      Buffer.from('{"error":"not found"}'),
    ]) expect(() => decodeActionResult(body), body.toString('hex')).toThrow();
  });
});
