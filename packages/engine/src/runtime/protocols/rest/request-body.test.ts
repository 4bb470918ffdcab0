import { describe, expect, it } from 'vitest';
import { compileArtifact, fixture } from '../../../testing/fixtures.js';
import { SchemaRegistry } from '../../schemas/schema-registry.js';
import { readBody } from './request-body.js';

const BOUNDARY = 'xYz';
const text = new TextEncoder();

/** Bytes of a multipart body: each piece as text, or as bytes where it is a file's. */
function body(...pieces: (string | Uint8Array)[]): Uint8Array {
  const chunks = pieces.map((piece) => (typeof piece === 'string' ? text.encode(piece) : piece));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

describe('a multipart body', () => {
  it("gives its fields as values and each file part's name, media type and length in bytes", async () => {
    const { artifact } = await compileArtifact(fixture('records/files-upload-3.1.yaml'));
    const registry = new SchemaRegistry(artifact);
    const declared = artifact.operations.find((o) => o.id === 'createFile')!.requestBody;
    // Bytes that are not UTF-8, and a line break at the file's end that is the file's, not the delimiter's.
    const file = Uint8Array.from([0xff, 0xfe, 0x00, 0x80, 0x0d, 0x0a]);
    const sent = body(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nbatch\r\n`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; filename="données.bin"; name="file"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      file,
      `\r\n--${BOUNDARY}--\r\n`,
    );
    const read = readBody(registry, declared, sent, `multipart/form-data; boundary=${BOUNDARY}`);
    expect(read).toMatchObject({ ok: true, value: { purpose: 'batch', file: expect.any(String) } });
    expect(read.ok && read.files).toEqual([{ part: 'file', filename: 'données.bin', mediaType: 'application/octet-stream', size: 6 }]);
  });
});
