import { describe, expect, it } from 'vitest';
import type { Artifact } from '../artifact/artifact.js';
import { compileArtifact } from '../testing/fixtures.js';
import { resourceDocument } from '../testing/resource-document.js';

const time = { type: 'string', format: 'date-time' };
const epoch = { type: 'integer', format: 'unix-time' };
const rules = (artifact: Artifact, name: string) => artifact.resources.find((r) => r.name === name)?.lifecycle;

describe('inferred lifecycle rules', () => {
  it('a subscription: cancel_at cancels from any live state, trial_end moves a trialing one to active (epoch seconds, as Stripe)', async () => {
    const status = { type: 'string', enum: ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] };
    const { artifact } = await compileArtifact(resourceDocument({ subscriptions: { schema: 'Subscription', item: { type: 'object', properties: { id: { type: 'string' }, status, cancel_at: epoch, canceled_at: epoch, trial_end: epoch, current_period_end: epoch } } } }));
    expect(rules(artifact, 'subscriptions')).toEqual([
      { name: 'canceled-at-cancel_at', source: 'inferred', type: 'expiry', at: 'cancel_at', after: null, from: null, set: { status: 'canceled' }, delete: false, when: { status: ['incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'paused'] } },
      { name: 'active-at-trial_end', source: 'inferred', type: 'set', at: 'trial_end', after: null, from: null, set: { status: 'active' }, delete: false, when: { status: ['trialing'] } },
    ]);
  });

  it('an invoice: due_date makes an open one overdue, never a paid, void or draft one', async () => {
    const status = { type: 'string', enum: ['draft', 'open', 'sent', 'paid', 'overdue', 'void'] };
    const { artifact } = await compileArtifact(resourceDocument({ invoices: { schema: 'Invoice', item: { type: 'object', properties: { id: { type: 'string' }, status, due_date: { type: 'string', format: 'date' } } } } }));
    expect(rules(artifact, 'invoices')).toEqual([expect.objectContaining({ name: 'overdue-at-due_date', at: 'due_date', set: { status: 'overdue' }, when: { status: ['open', 'sent'] } })]);
  });

  it('a token and a session: expires_at and valid_until expire what is still active', async () => {
    const { artifact } = await compileArtifact(
      resourceDocument({
        tokens: { schema: 'Token', item: { type: 'object', properties: { id: { type: 'string' }, state: { type: 'string', enum: ['active', 'expired', 'revoked'] }, expires_at: time } } },
        sessions: { schema: 'Session', item: { type: 'object', properties: { sessionId: { type: 'string' }, status: { enum: ['ACTIVE', 'EXPIRED'] }, validUntil: epoch } } },
      }),
    );
    expect(rules(artifact, 'tokens')).toEqual([expect.objectContaining({ name: 'expired-at-expires_at', set: { state: 'expired' }, when: { state: ['active'] } })]);
    expect(rules(artifact, 'sessions')).toEqual([expect.objectContaining({ name: 'EXPIRED-at-validUntil', at: 'validUntil', set: { status: 'EXPIRED' }, when: { status: ['ACTIVE'] } })]);
  });

  it('infers nothing without a matching state value, a time field, or a live state to move from', async () => {
    const { artifact } = await compileArtifact(
      resourceDocument({
        coupons: { schema: 'Coupon', item: { type: 'object', properties: { id: { type: 'string' }, status: { enum: ['active', 'used'] }, expires_at: time } } },
        passes: { schema: 'Pass', item: { type: 'object', properties: { id: { type: 'string' }, status: { enum: ['active', 'expired'] }, expires_at: { type: 'string' } } } },
        receipts: { schema: 'Receipt', item: { type: 'object', properties: { id: { type: 'string' }, status: { enum: ['paid', 'overdue'] }, due_date: time } } },
      }),
    );
    expect(rules(artifact, 'coupons')).toEqual([]);
    expect(rules(artifact, 'passes')).toEqual([]);
    expect(rules(artifact, 'receipts')).toEqual([]);
  });
});
