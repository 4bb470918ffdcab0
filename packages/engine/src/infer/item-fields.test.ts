import { describe, expect, it } from 'vitest';
import { idField } from './item-fields.js';
import { SchemaLookup } from './schema-lookup.js';

const lookup = new SchemaLookup({});
const item = (...names: string[]) => ({ type: 'object', properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])) });

describe('the field that identifies an item', () => {
  it('is the field the item path parameter names, itself or after the resource word, before any id', () => {
    // GitHub: /repos/{owner}/{repo}/issues/{issue_number} addresses an issue by its number, not its id.
    expect(idField(item('id', 'number', 'title'), 'issues', 'issue_number', lookup)).toBe('number');
    // Twilio: /Messages/{Sid}.json.
    expect(idField(item('sid', 'account_sid', 'body'), 'Messages', 'Sid', lookup)).toBe('sid');
    expect(idField(item('username', 'id'), 'users', 'username', lookup)).toBe('username');
  });

  it('is the id, the <name>Id, or the name, when the parameter names no field', () => {
    expect(idField(item('id', 'name'), 'pets', 'petId', lookup)).toBe('id');
    expect(idField(item('userId', 'email'), 'users', 'id', lookup)).toBe('userId');
    expect(idField(item('id', 'name'), 'vaults', 'vaultName', lookup)).toBe('name');
    expect(idField(item('id', 'object'), 'customers', 'customer', lookup)).toBe('id');
    expect(idField(item('title'), 'notes', 'noteId', lookup)).toBeNull();
  });
});
