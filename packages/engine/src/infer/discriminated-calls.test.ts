import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';
import { discriminatedCall, readsOnly } from './naming.js';

const answer = (properties: Record<string, unknown>) => ({ '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties } } } } });
const body = { content: { 'application/x-amz-json-1.1': { schema: { type: 'object', properties: { QueueName: { type: 'string' } } } } } };
const target = (name: string) => ({ name: 'X-Amz-Target', in: 'header', required: true, schema: { type: 'string', enum: [`AmazonSQS.${name}`] } });

/** AWS's JSON protocol: every call a POST to `/`, told apart by the `X-Amz-Target` header. */
const sqs = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'Amazon SQS', version: '2012-11-05' },
  paths: {
    '/#X-Amz-Target=AmazonSQS.ListQueues': { post: { operationId: 'ListQueues', parameters: [target('ListQueues')], requestBody: body, responses: answer({ QueueUrls: { type: 'array', items: { type: 'string' } } }) } },
    '/#X-Amz-Target=AmazonSQS.GetQueueAttributes': { post: { operationId: 'GetQueueAttributes', parameters: [target('GetQueueAttributes')], requestBody: body, responses: answer({ Attributes: { type: 'object' } }) } },
    '/#X-Amz-Target=AmazonSQS.CreateQueue': { post: { operationId: 'CreateQueue', parameters: [target('CreateQueue')], requestBody: body, responses: answer({ QueueUrl: { type: 'string' } }) } },
  },
});

describe('calls a discriminator names', () => {
  it('are named by the discriminator value, and read only when the name says so', () => {
    expect(discriminatedCall('#Action=DescribeInstances')).toBe('DescribeInstances');
    expect(discriminatedCall('#X-Amz-Target=DynamoDB_20120810.GetItem')).toBe('GetItem');
    expect(discriminatedCall('cors')).toBeNull();
    expect(['DescribeInstances', 'ListQueues', 'GetItem', 'BatchGetItem'].map(readsOnly)).toEqual([true, true, true, true]);
    expect(['CreateQueue', 'PutRecord', 'BatchWriteItem', 'DeleteQueue'].map(readsOnly)).toEqual([false, false, false, false]);
  });

  it('are answered from the schema, none of them a resource of its own, and those that only read are read-only', async () => {
    const { artifact } = await compileArtifact(sqs);
    expect(artifact.resources).toEqual([]);
    expect(Object.fromEntries(artifact.operations.map((op) => [op.id, [op.behaviour, op.readOnly]]))).toEqual({
      ListQueues: ['static', true],
      GetQueueAttributes: ['static', true],
      CreateQueue: ['static', false],
    });
    const client = await SimClient.open(artifact);
    const listed = client.call({ method: 'POST', path: '/', headers: { 'x-amz-target': 'AmazonSQS.ListQueues', 'content-type': 'application/x-amz-json-1.1' }, body: '{}' });
    expect(listed.status).toBe(200);
    expect(listed.operation).toBe('ListQueues');
  });
});
