import { describe, expect, it } from 'vitest';
import type { Artifact } from '../artifact/artifact.js';
import { bytes, compileArtifact } from '../testing/fixtures.js';
import { resourceDocument } from '../testing/resource-document.js';
import { lifecycleListing } from './listing.js';

const time = { type: 'string', format: 'date-time' };
const status = { type: 'string', enum: ['active', 'trialing', 'expired', 'canceled'] };
const item = (lifecycle?: unknown) => ({ type: 'object', properties: { id: { type: 'string', readOnly: true }, status, created_at: time, expires_at: time, cancel_at: time, size: { type: 'integer', maximum: 10 } }, ...(lifecycle === undefined ? {} : { 'x-simplane-lifecycle': lifecycle }) });
const document = (lifecycle?: unknown) => resourceDocument({ plans: { schema: 'Plan', item: item(lifecycle) } });
const rules = (artifact: Artifact) => artifact.resources.find((r) => r.name === 'plans')?.lifecycle ?? [];
const overlay = (actions: unknown[]) => bytes(JSON.stringify({ overlay: '1.0.0', info: { title: 'clock', version: '1' }, actions }));

describe('declared lifecycle rules (x-simplane-lifecycle)', () => {
  it('are read after the inferred ones, named by what they do unless named', async () => {
    const { artifact, outcome } = await compileArtifact(
      document([
        { after: 'P30D', from: 'created_at', set: { status: 'expired' } },
        { name: 'purge', after: 'PT1H', from: 'expires_at', delete: true },
        { at: 'cancel_at', set: { status: 'canceled' }, when: { status: ['active', 'trialing'] } },
        { at: 'expires_at', set: { size: 0 }, when: { status: 'active' } },
      ]),
    );
    expect(outcome.warnings).toEqual([]);
    expect(rules(artifact).map((r) => [r.name, r.source, r.type])).toEqual([
      ['expired-at-expires_at', 'inferred', 'expiry'],
      ['canceled-at-cancel_at', 'inferred', 'expiry'],
      ['status=expired-after-P30D-from-created_at', 'declared', 'set'],
      ['purge', 'declared', 'delete'],
      ['status=canceled-at-cancel_at', 'declared', 'set'],
      ['size=0-at-expires_at', 'declared', 'set'],
    ]);
    expect(rules(artifact)[3]).toEqual({ name: 'purge', source: 'declared', type: 'delete', at: null, after: 'PT1H', from: 'expires_at', set: null, delete: true, when: null });
    expect(rules(artifact)[4]?.when).toEqual({ status: ['active', 'trialing'] });
    expect(rules(artifact)[5]?.when).toEqual({ status: ['active'] });
  });

  it('warn about a rule they cannot read and leave it out; the build goes on', async () => {
    const bad = [
      'not a rule',
      { at: 'expires_at' },
      { at: 'expires_at', after: 'P1D', from: 'created_at', delete: true },
      { after: 'thirty days', from: 'created_at', delete: true },
      { after: 'P1D', delete: true },
      { at: 'status', delete: true },
      { at: 'nowhere', delete: true },
      { at: 'expires_at', set: { status: 'gone' } },
      { at: 'expires_at', set: { size: 11 } },
      { at: 'expires_at', set: { colour: 'red' } },
      { at: 'expires_at', delete: true, set: { status: 'expired' } },
      { at: 'expires_at', delete: true, when: { colour: 'red' } },
      { at: 'expires_at', delete: true, every: 'day' },
      { enabled: false },
      { name: 'no-such-rule', enabled: false },
      { name: 'kept', at: 'expires_at', delete: true },
    ];
    const { artifact, outcome } = await compileArtifact(document(bad));
    expect(rules(artifact).map((r) => r.name)).toEqual(['expired-at-expires_at', 'canceled-at-cancel_at', 'kept']);
    const warnings = outcome.warnings.filter((w) => w.code.startsWith('lifecycle_'));
    expect(warnings.map((w) => [w.code, w.location])).toEqual([
      ...bad.slice(0, 14).map((_, i) => ['lifecycle_rule_invalid', `components.schemas.Plan.x-simplane-lifecycle[${i}]`]),
      ['lifecycle_rule_unmatched', 'components.schemas.Plan.x-simplane-lifecycle[14]'],
    ]);
    expect(warnings[7]?.message).toMatch(/sets `status` to "gone", which its schema does not allow/);
  });

  it('an Overlay switches an inferred rule off, changes one, or adds one; the listing shows what is left', async () => {
    const { artifact } = await compileArtifact(document(), {
      overlays: [
        overlay([
          {
            target: '$.components.schemas.Plan',
            update: { 'x-simplane-lifecycle': [{ name: 'canceled-at-cancel_at', enabled: false }, { name: 'expired-at-expires_at', after: 'P1D', from: 'expires_at', set: { status: 'expired' } }, { name: 'purge', after: 'P7D', from: 'expires_at', delete: true }] },
          },
        ]),
      ],
    });
    expect(lifecycleListing(artifact).filter((e) => e.resource === 'plans')).toEqual([
      { resource: 'plans', name: 'expired-at-expires_at', source: 'declared', type: 'set', trigger: { after: 'P1D', from: 'expires_at' }, effect: { set: { status: 'expired' } }, when: null, description: 'status becomes "expired" P1D after expires_at' },
      { resource: 'plans', name: 'purge', source: 'declared', type: 'delete', trigger: { after: 'P7D', from: 'expires_at' }, effect: { delete: true }, when: null, description: 'the record is deleted P7D after expires_at' },
    ]);
  });

  it('lists inferred rules with their precondition', async () => {
    const { artifact } = await compileArtifact(document());
    expect(lifecycleListing(artifact).map((e) => e.description)).toEqual(['status becomes "expired" at expires_at, when status is "active" or "trialing"', 'status becomes "canceled" at cancel_at, when status is "active" or "trialing"']);
  });
});
