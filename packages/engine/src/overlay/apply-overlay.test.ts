import { describe, expect, it } from 'vitest';
import { bytes, compile, compileArtifact, fixture } from '../testing/fixtures.js';

const overlay = (actions: unknown[], extra: Record<string, unknown> = {}) => bytes(JSON.stringify({ overlay: '1.0.0', info: { title: 'changes', version: '1' }, actions, ...extra }));

describe('OpenAPI Overlay 1.0', () => {
  it('removes operations and merges updates before compiling', async () => {
    const { artifact } = await compileArtifact(fixture('petstore-3.0.yaml'), {
      overlays: [
        overlay([
          { target: "$.paths['/pets/{id}'].delete", remove: true },
          { target: "$.paths['/pets'].get", update: { summary: 'List every pet', operationId: 'listAllPets' } },
          { target: '$.components.schemas.NewPet.properties', update: { tag: { type: 'string', maxLength: 20 } } },
        ]),
      ],
    });
    expect(artifact.operations.map((o) => o.id)).toEqual(['listAllPets', 'addPet', 'findPetsByStatus', 'findPetById']);
    expect(artifact.operations[0]?.summary).toBe('List every pet');
    // A deep merge: `tag` gains maxLength and keeps what it had (nullable), its siblings stay.
    expect(artifact.schemas['NewPet']).toMatchObject({ properties: { name: { type: 'string' }, tag: { type: ['string', 'null'], maxLength: 20 } } });
  });

  it('applies several overlays in order, appending to arrays and removing across wildcards', async () => {
    const { artifact } = await compileArtifact(fixture('petstore-3.0.yaml'), {
      overlays: [
        overlay([{ target: "$.paths['/pets'].get.parameters", update: { name: 'cursor', in: 'query', schema: { type: 'string' } } }]),
        bytes('overlay: 1.0.0\ninfo: {title: second, version: "2"}\nactions:\n  - target: $.paths.*.*.responses.default\n    remove: true\n'),
      ],
    });
    const list = artifact.operations.find((o) => o.id === 'findPets');
    expect(list?.parameters.map((p) => p.name)).toEqual(['tags', 'limit', 'cursor']);
    expect(list?.list?.paging).toBe('cursor');
    expect(artifact.operations.every((o) => !('default' in o.responses))).toBe(true);
  });

  it('warns about a target that selects nothing', async () => {
    const { outcome } = await compileArtifact(fixture('petstore-3.0.yaml'), { overlays: [overlay([{ target: "$.paths['/nowhere']", update: { x: 1 } }])] });
    expect(outcome.warnings).toEqual([expect.objectContaining({ code: 'overlay_target_unmatched', location: 'overlays[0].actions[0].target' })]);
  });

  it('refuses a malformed overlay with located diagnostics', async () => {
    const outcome = await compile(fixture('petstore-3.0.yaml'), {
      overlays: [overlay([{ target: 'paths' }, { target: '$[?(@.x ==' , update: {} }, { target: '$.info', remove: 'yes' }], { overlay: '2.0.0' })],
    });
    expect(outcome.ok).toBe(false);
    const issues = outcome.ok ? [] : (outcome.validation?.issues ?? []);
    expect(issues.every((i) => i.code === 'overlay_invalid')).toBe(true);
    expect(issues.map((i) => i.location)).toEqual(['overlays[0].overlay', 'overlays[0].actions[0].target', 'overlays[0].actions[2].remove']);
  });

  it('refuses a JSONPath that does not parse, and removing the whole document', async () => {
    const bad = await compile(fixture('petstore-3.0.yaml'), { overlays: [overlay([{ target: '$[?(@.x ==', update: {} }])] });
    expect(bad.ok ? [] : bad.validation?.issues.map((i) => [i.code, i.location])).toEqual([['overlay_invalid', 'overlays[0].actions[0].target']]);
    const root = await compile(fixture('petstore-3.0.yaml'), { overlays: [overlay([{ target: '$', remove: true }])] });
    expect(root.ok ? [] : root.validation?.issues.map((i) => i.code)).toEqual(['overlay_invalid']);
  });

  it('refuses hostile overlays like hostile documents', async () => {
    const deep = await compile(fixture('petstore-3.0.yaml'), { overlays: [bytes('['.repeat(100_000) + ']'.repeat(100_000))] });
    expect(deep.ok ? [] : deep.validation?.issues.map((i) => i.code)).toEqual(['overlay_invalid']);
    expect(deep.ok ? '' : deep.validation?.issues[0]?.location).toMatch(/^overlays\[0\]/);
    expect(deep.ok ? '' : deep.validation?.issues[0]?.message).toMatch(/nests deeper than 512/);
    const notUtf8 = await compile(fixture('petstore-3.0.yaml'), { overlays: [new Uint8Array([0xc3, 0x28])] });
    expect(notUtf8.ok ? [] : notUtf8.validation?.issues[0]?.message).toMatch(/UTF-8/);
  });

  it('refuses an overlay that YAML aliases would multiply past the expansion limit', async () => {
    // 100,000 aliases of one empty object are cheap; merging 100 characters into it is not.
    const doc = `openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\nx-shared: &s {}\nx-uses: [${Array(100_000).fill('*s').join(',')}]\n`;
    const outcome = await compile(doc, { overlays: [overlay([{ target: "$['x-shared']", update: { note: 'x'.repeat(100) } }])] });
    expect(outcome.ok ? [] : outcome.validation?.issues.map((i) => [i.code, i.location])).toEqual([['yaml_aliases_excessive', 'overlays[0]']]);
  });

  it('validates the document the overlay produced', async () => {
    const { outcome, artifact } = await compileArtifact(fixture('petstore-3.0.yaml'), { overlays: [overlay([{ target: '$.info', update: { version: 3 } }])] });
    expect(outcome.warnings.map((i) => [i.code, i.location])).toEqual([['structure_type', 'info.version']]);
    expect(artifact.spec.apiVersion).toBe('');
  });
});
