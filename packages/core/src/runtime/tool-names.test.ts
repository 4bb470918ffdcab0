import { describe, expect, it } from 'vitest';
import { MAX_TOOL_NAME, toolName, uniqueNames } from './tool-names.js';

describe('tool names', () => {
  it('are made of letters, digits, _ and - only', () => {
    expect(toolName('createPet')).toBe('createPet');
    expect(toolName('GET /pets/{petId}')).toBe('GET_pets_petId');
    expect(toolName('repos/get-content')).toBe('repos_get-content');
    expect(toolName('{}')).toBe('operation');
    expect(toolName('CreateCustomer', 'billing crm')).toBe('billing_crm_CreateCustomer');
  });

  it('are at most 64 characters and unique, a repeat numbered within the limit', () => {
    const long = toolName('a'.repeat(100));
    expect(long).toHaveLength(MAX_TOOL_NAME);
    const names = uniqueNames([long, long, 'x', long, 'x']);
    expect(names).toEqual([long, `${'a'.repeat(62)}_2`, 'x', `${'a'.repeat(62)}_3`, 'x_2']);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((name) => /^[A-Za-z0-9_-]{1,64}$/.test(name))).toBe(true);
  });
});
