import { describe, expect, it } from 'vitest';
import type { Artifact, JsonSchema } from '../../../artifact/artifact.js';
import { readAwsQueryParameter } from './aws-query-params.js';
import { parseQuery } from '../rest/parameters.js';
import { SchemaRegistry } from '../../schemas/schema-registry.js';

const registry = new SchemaRegistry({ schemas: {} } as unknown as Artifact);
const read = (name: string, schema: object, query: string) => readAwsQueryParameter(registry, name, schema as JsonSchema, parseQuery(query));

describe("AWS's query protocol's structured parameters", () => {
  it('reads a list of structures in its numbers\' order, leaves coerced to their types', () => {
    const parameters = { type: 'array', items: { type: 'object', properties: { ParameterKey: { type: 'string' }, ParameterValue: { type: 'string' }, UsePreviousValue: { type: 'boolean' } } } };
    const query = 'Parameters.member.2.ParameterKey=Env&Parameters.member.2.ParameterValue=prod&Parameters.member.1.ParameterKey=Size&Parameters.member.1.UsePreviousValue=true&Other=1';
    expect(read('Parameters', parameters, query)).toEqual([
      { ParameterKey: 'Size', UsePreviousValue: true },
      { ParameterKey: 'Env', ParameterValue: 'prod' },
    ]);
  });

  it('reads a flattened list of texts, a map of entries and a structure', () => {
    expect(read('Names', { type: 'array', items: { type: 'integer' } }, 'Names.1=7&Names.2=9')).toEqual([7, 9]);
    const attributes = { type: 'object', additionalProperties: { type: 'string' } };
    expect(read('Attributes', attributes, 'Attributes.entry.1.key=DisplayName&Attributes.entry.1.value=Alerts&Attributes.entry.2.key=Policy&Attributes.entry.2.value=%7B%7D')).toEqual({ DisplayName: 'Alerts', Policy: '{}' });
    const settings = { type: 'object', properties: { Enabled: { type: 'boolean' }, Retries: { type: 'integer' } } };
    expect(read('Settings', settings, 'Settings.Enabled=false&Settings.Retries=3')).toEqual({ Enabled: false, Retries: 3 });
  });

  it('reads nothing for a query that names no leaf of the parameter, and a bounded number of items', () => {
    expect(read('Tags', { type: 'array', items: { type: 'string' } }, 'TagsX.member.1=a&Other=1')).toBeUndefined();
    const many = Array.from({ length: 3000 }, (_, i) => `Ids.member.${i + 1}=${i}`).join('&');
    expect((read('Ids', { type: 'array', items: { type: 'integer' } }, many) as unknown[]).length).toBeLessThanOrEqual(1000);
  });
});
