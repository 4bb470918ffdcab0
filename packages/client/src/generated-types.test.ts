/** The committed types are what openapi-typescript makes of the control plane's own document today. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateClientTypes, typesUrl } from '../../../scripts/client-types.mjs';

describe('the generated control-plane types', () => {
  it('are in step with docs/openapi.yaml (regenerate with npm run client:types)', async () => {
    expect(readFileSync(typesUrl, 'utf8')).toBe(await generateClientTypes());
  });
});
