/** A part of a multipart upload: text or bytes, with an optional file name and type. */
export interface UploadPart {
  name: string;
  value: string | Uint8Array;
  filename?: string;
  contentType?: string;
}

/**
 * Encodes `multipart/form-data` with the platform's own FormData encoder, so tests send what
 * real clients send.
 */
export async function encodeMultipart(parts: UploadPart[]): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined && typeof part.value === 'string' && part.contentType === undefined) {
      form.append(part.name, part.value);
    } else {
      const blob = new Blob([part.value], { type: part.contentType ?? 'application/octet-stream' });
      form.append(part.name, blob, part.filename ?? part.name);
    }
  }
  const request = new Request('http://simplane.invalid/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}
