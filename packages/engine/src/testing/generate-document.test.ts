import { describe, expect, it } from 'vitest';
import { compileArtifact } from './fixtures.js';
import { generateDocument } from './generate-document.js';

describe('generated documents', () => {
  it('have the requested number of operations and compile into the expected resources', async () => {
    const { artifact, outcome } = await compileArtifact(generateDocument({ operations: 30 }));
    expect(outcome.operations).toHaveLength(30);
    expect(outcome.warnings).toEqual([]);
    expect(artifact.resources.map((r) => [r.name, r.parent])).toEqual([
      ['resource0s', null],
      ['resource1s', null],
      ['resource2s', null],
      ['resource2s.resource3s', 'resource2s'],
      ['resource4s', null],
    ]);
    expect(artifact.operations.filter((o) => o.behaviour === 'action').every((o) => o.action?.targetState === 'canceled')).toBe(true);
  });

  it('are deterministic and grow linearly, about 10 MB per 1,000 operations', () => {
    expect(generateDocument({ operations: 12 })).toBe(generateDocument({ operations: 12 }));
    const perOperation = generateDocument({ operations: 60 }).length / 60;
    expect(perOperation * 1000).toBeGreaterThan(8e6);
    expect(perOperation * 1000).toBeLessThan(14e6);
  });
});
