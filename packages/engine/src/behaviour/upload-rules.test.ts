import { describe, expect, it } from 'vitest';
import type { Artifact } from '../artifact/artifact.js';
import { bytes, compileArtifact, fixture } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';

const BOUNDARY = '----simplane-upload-7d1f';

/** A multipart body as a client sends it: its fields, then a file part with a file name and media type. */
function multipart(fields: Record<string, string>, file: { part: string; filename: string; type: string; content: string }): { body: string; headers: Record<string, string> } {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(fields)) lines.push(`--${BOUNDARY}`, `Content-Disposition: form-data; name="${name}"`, '', value);
  lines.push(`--${BOUNDARY}`, `Content-Disposition: form-data; name="${file.part}"; filename="${file.filename}"`, `Content-Type: ${file.type}`, '', file.content, `--${BOUNDARY}--`, '');
  return { body: lines.join('\r\n'), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

const write = (artifact: Artifact, id: string) => artifact.operations.find((o) => o.id === id)?.write;

async function simulation(name: string): Promise<SimClient> {
  const { artifact } = await compileArtifact(fixture(`records/${name}`));
  return SimClient.open(artifact, { sampleRecords: 0 });
}

/** Three of five bytes are in `é` and `ü`: a size read from the text would be 5, not 7. */
const CONTENT = 'héllü';

describe('a create from a multipart upload', () => {
  it('is planned with the file part and the fields for its size, name and media type', async () => {
    const decided = async (name: string, id: string) => write((await compileArtifact(fixture(`records/${name}`))).artifact, id)?.upload;
    expect(await decided('files-upload-3.1.yaml', 'createFile')).toEqual({ part: 'file', size: 'bytes', name: 'filename' });
    // Box's `type` is always `file`: an enum names a kind of record, not a media type.
    expect(await decided('box-files-2.0.yaml', 'post_folders_id_files')).toEqual({ part: 'file', size: 'size', name: 'name' });
    expect(await decided('attachments-3.0.yaml', 'uploadAttachment')).toEqual({ part: 'file', size: 'size', name: 'name', mediaType: 'content_type' });
  });

  it('is not planned for a JSON body, nor for fields that cannot hold what the file gives', async () => {
    const doc = (body: object, item: object) =>
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'uploads', version: '1' },
        paths: {
          '/documents': { post: { operationId: 'createDocument', requestBody: { content: body }, responses: { 201: { description: 'made', content: { 'application/json': { schema: { $ref: '#/components/schemas/Document' } } } } } } },
          '/documents/{id}': { get: { operationId: 'getDocument', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'one', content: { 'application/json': { schema: { $ref: '#/components/schemas/Document' } } } } } } },
        },
        components: { schemas: { Document: { type: 'object', properties: { id: { type: 'string' }, ...item } } } },
      });
    const upload = async (body: object, item: object) => write((await compileArtifact(doc(body, item))).artifact, 'createDocument')?.upload;
    const fileForm = { 'multipart/form-data': { schema: { type: 'object', properties: { upload: { type: 'string', contentMediaType: 'application/pdf' } } } } };
    expect(await upload({ 'application/json': { schema: { type: 'object', properties: { filename: { type: 'string' } } } } }, { filename: { type: 'string' }, size: { type: 'integer' } })).toBeUndefined();
    expect(await upload({ 'multipart/form-data': { schema: { type: 'object', properties: { title: { type: 'string' } } } } }, { filename: { type: 'string' } })).toBeUndefined();
    // A size written as text, a name that must be a URL and a media type from a short list are not the file's.
    expect(await upload(fileForm, { size: { type: 'string' }, name: { type: 'string', format: 'uri' }, mime_type: { type: 'string', enum: ['pdf', 'docx'] } })).toBeUndefined();
    expect(await upload(fileForm, { file_size: { type: 'number' }, file_name: { type: 'string' }, mime_type: { type: 'string' } })).toEqual({ part: 'upload', size: 'file_size', name: 'file_name', mediaType: 'mime_type' });
  });

  it('makes an OpenAI-like file that holds the file size in bytes and its name, and reads it back so', async () => {
    const client = await simulation('files-upload-3.1.yaml');
    const sent = multipart({ purpose: 'fine-tune' }, { part: 'file', filename: 'train.jsonl', type: 'application/jsonl', content: CONTENT });
    const created = client.call({ method: 'POST', path: '/v1/files', headers: { ...sent.headers, authorization: 'Bearer sk-test' }, body: sent.body });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ object: 'file', bytes: 7, filename: 'train.jsonl', purpose: 'fine-tune' });
    // The file's content is not a field of the record.
    expect(created.json).not.toHaveProperty('file');
    const id = (created.json as { id: string }).id;
    expect(client.call({ method: 'GET', path: `/v1/files/${id}`, headers: { authorization: 'Bearer sk-test' } }).json).toEqual(created.json);
  });

  it('makes a Box-like file from a Swagger 2.0 file part with its size and name', async () => {
    const client = await simulation('box-files-2.0.yaml');
    const sent = multipart({}, { part: 'file', filename: 'Contract.pdf', type: 'application/pdf', content: `%PDF-1.7 ${CONTENT}` });
    const created = client.call({ method: 'POST', path: '/2.0/folders/0/files', headers: { ...sent.headers, authorization: 'Bearer t' }, body: sent.body });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ type: 'file', name: 'Contract.pdf', size: 16 });
  });

  it("makes an attachment with the file's media type, and the name the form gives over the file's", async () => {
    const client = await simulation('attachments-3.0.yaml');
    const headers = { authorization: `Basic ${Buffer.from('agent:secret').toString('base64')}` };
    const plain = multipart({}, { part: 'file', filename: 'screen.png', type: 'image/png', content: CONTENT });
    const created = client.call({ method: 'POST', path: '/api/v1/attachments', headers: { ...plain.headers, ...headers }, body: plain.body });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ attachment: { name: 'screen.png', size: 7, content_type: 'image/png' } });
    const renamed = multipart({ name: 'login error.png' }, { part: 'file', filename: 'screen.png', type: 'image/png', content: CONTENT });
    const named = client.call({ method: 'POST', path: '/api/v1/attachments', headers: { ...renamed.headers, ...headers }, body: renamed.body });
    expect(named.json).toMatchObject({ attachment: { name: 'login error.png', size: 7, content_type: 'image/png' } });
  });

  it('is corrected by an override, which must name a part of the body and fields of the record', async () => {
    const overlay = (upload: unknown) =>
      bytes(JSON.stringify({ overlay: '1.0.0', info: { title: 'corrections', version: '1' }, actions: [{ target: "$.paths['/files'].post", update: { 'x-simplane-behaviour': { write: { upload } } } }] }));
    const corrected = await compileArtifact(fixture('records/files-upload-3.1.yaml'), { overlays: [overlay({ part: 'file', name: 'filename' })] });
    expect(write(corrected.artifact, 'createFile')?.upload).toEqual({ part: 'file', name: 'filename' });
    expect(corrected.outcome.warnings).toEqual([]);
    const invalid = await compileArtifact(fixture('records/files-upload-3.1.yaml'), { overlays: [overlay({ part: 'file', size: 'length' })] });
    expect(invalid.outcome.warnings.map((w) => [w.code, w.location])).toEqual([['behaviour_override_invalid', "paths./files.post.x-simplane-behaviour.write.upload.size"]]);
    expect(write(invalid.artifact, 'createFile')?.upload).toEqual({ part: 'file', size: 'bytes', name: 'filename' });
    const removed = await compileArtifact(fixture('records/files-upload-3.1.yaml'), { overlays: [overlay(null)] });
    expect(write(removed.artifact, 'createFile')).not.toHaveProperty('upload');
  });
});
