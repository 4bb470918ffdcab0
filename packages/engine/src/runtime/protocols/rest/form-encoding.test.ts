import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../../testing/fixtures.js';
import { SimClient } from '../../../testing/sim-client.js';

/**
 * Form bodies checked as strictly as JSON ones: each field by its property's type and format
 * (`byte` is base64), required fields, and what the document's `encoding` (3.x) or `formData`
 * parameters (2.0) say of each field: its media type, reserved characters, empty values.
 */
const form = (body: string) => ({ body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const BOUNDARY = 'xYzZY';
function multipart(parts: Array<{ name: string; text: string; type?: string; filename?: string }>) {
  const body = parts
    .map((p) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n${p.type === undefined ? '' : `Content-Type: ${p.type}\r\n`}\r\n${p.text}\r\n`)
    .join('');
  return { body: `${body}--${BOUNDARY}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

async function open(document: object) {
  const { artifact } = await compileArtifact(JSON.stringify(document));
  return SimClient.open(artifact);
}

const ok = { '200': { description: 'ok', content: { 'text/plain': { schema: { type: 'string' } } } } };

/** A 3.0 API of the kind that takes forms: a token endpoint, a webhook settings form, an upload with metadata. */
const accounts = {
  openapi: '3.0.3',
  info: { title: 'Accounts', version: '1' },
  paths: {
    '/oauth/token': {
      post: {
        operationId: 'token',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', required: ['grant_type', 'client_id'], properties: { grant_type: { type: 'string', enum: ['client_credentials', 'refresh_token'] }, client_id: { type: 'string' }, scope: { type: 'string' }, expires_in: { type: 'integer' } } },
            },
          },
        },
        responses: ok,
      },
    },
    '/webhooks': {
      post: {
        operationId: 'addWebhook',
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', properties: { name: { type: 'string' }, events: { type: 'array', items: { type: 'string', enum: ['created', 'paid'] } }, filter: { type: 'object', properties: { event: { type: 'string' } }, required: ['event'] }, secret: { type: 'string', format: 'byte' } } },
              encoding: { name: { allowReserved: false }, filter: { contentType: 'application/json' }, events: { style: 'form', explode: false } },
            },
          },
        },
        responses: ok,
      },
    },
    '/documents': {
      post: {
        operationId: 'upload',
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: ['file', 'metadata'], properties: { file: { type: 'string', format: 'binary' }, metadata: { type: 'object', required: ['title'], properties: { title: { type: 'string' }, pages: { type: 'integer' } } }, checksum: { type: 'string', format: 'byte' } } },
              encoding: { file: { contentType: 'application/pdf, image/*' } },
            },
          },
        },
        responses: ok,
      },
    },
  },
};

describe('urlencoded form bodies', () => {
  it('check required fields and the types of each', async () => {
    const client = await open(accounts);
    expect(client.call({ method: 'POST', path: '/oauth/token', ...form('grant_type=client_credentials&client_id=abc&expires_in=3600') }).status).toBe(200);
    expect(client.call({ method: 'POST', path: '/oauth/token', ...form('grant_type=client_credentials') })).toMatchObject({ status: 400, text: expect.stringContaining('client_id') });
    expect(client.call({ method: 'POST', path: '/oauth/token', ...form('grant_type=password&client_id=abc') }).status).toBe(400);
    expect(client.call({ method: 'POST', path: '/oauth/token', ...form('grant_type=client_credentials&client_id=abc&expires_in=soon') }).status).toBe(400);
  });

  it('read a field its encoding says is JSON as JSON, and refuse reserved characters where it says so', async () => {
    const client = await open(accounts);
    const filter = encodeURIComponent(JSON.stringify({ event: 'invoice.paid' }));
    expect(client.call({ method: 'POST', path: '/webhooks', ...form(`name=billing&filter=${filter}`) }).status).toBe(200);
    expect(client.call({ method: 'POST', path: '/webhooks', ...form('filter=123') }).status).toBe(400);
    expect(client.call({ method: 'POST', path: '/webhooks', ...form(`filter=${encodeURIComponent('{}')}`) })).toMatchObject({ status: 400, text: expect.stringContaining('event') });
    expect(client.call({ method: 'POST', path: '/webhooks', ...form("name=a:/?#[]@!$'()*,;") })).toMatchObject({ status: 400, text: expect.stringContaining('reserved') });
    expect(client.call({ method: 'POST', path: '/webhooks', ...form(`name=${encodeURIComponent('a:/?b')}`) }).status).toBe(200);
  });

  it('split an array its encoding sends unexploded', async () => {
    const client = await open(accounts);
    expect(client.call({ method: 'POST', path: '/webhooks', ...form('events=created,paid') }).status).toBe(200);
    expect(client.call({ method: 'POST', path: '/webhooks', ...form('events=created,refunded') })).toMatchObject({ status: 400, text: expect.stringContaining('events') });
  });

  it('take format: byte as base64', async () => {
    const client = await open(accounts);
    expect(client.call({ method: 'POST', path: '/webhooks', ...form(`secret=${encodeURIComponent('c2VjcmV0')}`) }).status).toBe(200);
    expect(client.call({ method: 'POST', path: '/webhooks', ...form(`secret=${encodeURIComponent('%')}`) })).toMatchObject({ status: 400, text: expect.stringContaining('secret') });
    expect(client.call({ method: 'POST', path: '/webhooks', ...form('secret=not%20base64!') }).status).toBe(400);
  });
});

describe('multipart form bodies', () => {
  it("check each part's media type against its encoding, and read an object part as JSON", async () => {
    const client = await open(accounts);
    const metadata = { name: 'metadata', text: JSON.stringify({ title: 'Q3 report', pages: 12 }), type: 'application/json' };
    expect(client.call({ method: 'POST', path: '/documents', ...multipart([{ name: 'file', text: '%PDF-1.7', type: 'application/pdf', filename: 'q3.pdf' }, metadata]) }).status).toBe(200);
    expect(client.call({ method: 'POST', path: '/documents', ...multipart([{ name: 'file', text: 'png', type: 'image/png', filename: 'q3.png' }, { ...metadata, type: undefined }]) }).status).toBe(200);
    const wrongType = client.call({ method: 'POST', path: '/documents', ...multipart([{ name: 'file', text: 'hello', type: 'text/plain', filename: 'q3.txt' }, metadata]) });
    expect(wrongType).toMatchObject({ status: 400, text: expect.stringContaining('file') });
    expect(client.call({ method: 'POST', path: '/documents', ...multipart([{ name: 'file', text: '%PDF', type: 'application/pdf' }, { name: 'metadata', text: '{"pages": 3}', type: 'application/json' }]) }).status).toBe(400);
    expect(client.call({ method: 'POST', path: '/documents', ...multipart([{ name: 'file', text: '%PDF', type: 'application/pdf' }, { name: 'metadata', text: '{"title": "x", "pages": "many"}' }]) }).status).toBe(400);
    expect(client.call({ method: 'POST', path: '/documents', ...multipart([metadata]) })).toMatchObject({ status: 400, text: expect.stringContaining('file') });
    expect(client.call({ method: 'POST', path: '/documents', ...multipart([{ name: 'file', text: '%PDF', type: 'application/pdf' }, metadata, { name: 'checksum', text: '***' }]) }).status).toBe(400);
  });
});

describe('OpenAPI 2.0 formData parameters', () => {
  const legacy = {
    swagger: '2.0',
    info: { title: 'Legacy', version: '1' },
    paths: {
      '/tags': {
        post: {
          operationId: 'addTag',
          consumes: ['application/x-www-form-urlencoded'],
          produces: ['text/plain'],
          parameters: [
            { in: 'formData', name: 'label', type: 'string', allowEmptyValue: false },
            { in: 'formData', name: 'note', type: 'string', allowEmptyValue: true },
            { in: 'formData', name: 'color', type: 'integer', allowEmptyValue: true },
            { in: 'formData', name: 'icon', type: 'string', format: 'byte' },
            { in: 'formData', name: 'aliases', type: 'array', items: { type: 'string' }, maxItems: 3 },
            { in: 'formData', name: 'scores', type: 'array', items: { type: 'integer' }, collectionFormat: 'pipes' },
            { in: 'formData', name: 'owners', type: 'array', items: { type: 'string' }, collectionFormat: 'multi' },
          ],
          responses: { '200': { description: 'ok', schema: { type: 'string' } } },
        },
      },
      '/avatars': {
        post: {
          operationId: 'addAvatar',
          consumes: ['multipart/form-data'],
          produces: ['text/plain'],
          parameters: [
            { in: 'formData', name: 'image', type: 'file', required: true },
            { in: 'formData', name: 'caption', type: 'string', allowEmptyValue: false },
          ],
          responses: { '200': { description: 'ok', schema: { type: 'string' } } },
        },
      },
    },
  };

  it('refuse an empty field whose allowEmptyValue is false, and take one whose allowEmptyValue is true', async () => {
    const client = await open(legacy);
    expect(client.call({ method: 'POST', path: '/tags', ...form('label=urgent&note=') }).status).toBe(200);
    expect(client.call({ method: 'POST', path: '/tags', ...form('label=') })).toMatchObject({ status: 400, text: expect.stringContaining('label') });
    expect(client.call({ method: 'POST', path: '/tags', ...form('label') }).status).toBe(400);
    expect(client.call({ method: 'POST', path: '/tags', ...form('label=urgent&color=') }).status).toBe(200);
    expect(client.call({ method: 'POST', path: '/avatars', ...multipart([{ name: 'image', text: 'x', type: 'image/png', filename: 'a.png' }, { name: 'caption', text: '' }]) }).status).toBe(400);
    expect(client.call({ method: 'POST', path: '/avatars', ...multipart([{ name: 'image', text: 'x', type: 'image/png', filename: 'a.png' }, { name: 'caption', text: 'me' }]) }).status).toBe(200);
  });

  it('split an array sent as one value by its collectionFormat, csv unless it says otherwise', async () => {
    const client = await open(legacy);
    expect(client.call({ method: 'POST', path: '/tags', ...form('label=a&aliases=x,y,z&scores=1|2&owners=ann&owners=bo') }).status).toBe(200);
    expect(client.call({ method: 'POST', path: '/tags', ...form('label=a&aliases=w,x,y,z') })).toMatchObject({ status: 400, text: expect.stringContaining('aliases') });
    expect(client.call({ method: 'POST', path: '/tags', ...form('label=a&scores=1|two') })).toMatchObject({ status: 400, text: expect.stringContaining('scores') });
  });

  it('take format: byte as base64', async () => {
    const client = await open(legacy);
    expect(client.call({ method: 'POST', path: '/tags', ...form('icon=iVBORw0KGgo%3D') }).status).toBe(200);
    expect(client.call({ method: 'POST', path: '/tags', ...form('icon=%25') }).status).toBe(400);
  });
});
