import { describe, expect, it } from 'vitest';
import { actionTarget, idField } from './item-fields.js';
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
    // A compound word by its last word: Magento's gift wrappings by `wrapping_id`.
    expect(idField(item('wrapping_id', 'design'), 'gift-wrappings', 'id', lookup)).toBe('wrapping_id');
    // AWS names records by ARN where there is no id.
    expect(idField(item('arn', 'customerManagedKeyArn'), 'appbundles', 'appBundleIdentifier', lookup)).toBe('arn');
    expect(idField(item('id', 'arn'), 'appbundles', 'appBundleIdentifier', lookup)).toBe('id');
  });
});

describe('the state an action moves a record to', () => {
  const states = (...values: string[]) => ({ type: 'object', properties: { id: { type: 'string' }, status: { type: 'string', enum: values } } });
  const intent = states('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'canceled', 'succeeded');

  it('is the state the verb names', () => {
    expect(actionTarget('cancel', intent, lookup)).toEqual({ name: 'cancel', stateField: 'status', targetState: 'canceled' });
    expect(actionTarget('freeze', states('active', 'frozen'), lookup).targetState).toBe('frozen');
  });

  it('is the success state when a state waits for the action, as Stripe PaymentIntents wait for confirm and capture', () => {
    expect(actionTarget('confirm', intent, lookup)).toEqual({ name: 'confirm', stateField: 'status', targetState: 'succeeded' });
    expect(actionTarget('capture', intent, lookup).targetState).toBe('succeeded');
    expect(actionTarget('approve', states('requires_approval', 'rejected', 'completed'), lookup).targetState).toBe('completed');
  });

  it('sets the boolean field named as the verb done, and clears it for the verb undone or a DELETE on its path', () => {
    const pull = { type: 'object', properties: { number: { type: 'integer' }, state: { type: 'string', enum: ['open', 'closed'] }, merged: { type: 'boolean' }, is_locked: { type: 'boolean' }, pinned: { type: 'string' } } };
    // Merging finishes a pull request: it is closed, and merged.
    expect(actionTarget('merge', pull, lookup, 'PUT')).toEqual({ name: 'merge', stateField: 'state', targetState: 'closed', flag: { field: 'merged', value: true } });
    expect(actionTarget('resolve', states('open', 'resolved', 'closed'), lookup).targetState).toBe('resolved');
    expect(actionTarget('complete', states('pending', 'in_progress', 'done'), lookup).targetState).toBe('done');
    expect(actionTarget('lock', pull, lookup, 'PUT').flag).toEqual({ field: 'is_locked', value: true });
    expect(actionTarget('lock', pull, lookup, 'DELETE').flag).toEqual({ field: 'is_locked', value: false });
    expect(actionTarget('unlock', pull, lookup, 'POST').flag).toEqual({ field: 'is_locked', value: false });
    // Only a boolean field is a flag; a verb done that the item does not hold sets none.
    expect(actionTarget('pin', pull, lookup).flag).toBeUndefined();
    expect(actionTarget('archive', pull, lookup).flag).toBeUndefined();
    // A state and a flag together: closing sets the state, and a DELETE names no state.
    const both = { type: 'object', properties: { status: { type: 'string', enum: ['open', 'closed'] }, closed: { type: 'boolean' } } };
    expect(actionTarget('close', both, lookup)).toEqual({ name: 'close', stateField: 'status', targetState: 'closed', flag: { field: 'closed', value: true } });
    expect(actionTarget('close', both, lookup, 'DELETE')).toEqual({ name: 'close', stateField: null, targetState: null, flag: { field: 'closed', value: false } });
  });

  it('is unknown when nothing waits for the verb or nothing says the record went through', () => {
    expect(actionTarget('refresh', intent, lookup)).toEqual({ name: 'refresh', stateField: null, targetState: null });
    expect(actionTarget('confirm', states('requires_confirmation', 'processing', 'failed'), lookup).targetState).toBeNull();
  });
});
