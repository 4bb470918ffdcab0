import type { BuildProbe } from '../builds/build-provider.port.js';
import type { AddressPolicy } from './address-policy.js';
import type { CredentialService } from './credential.service.js';
import type { RealSystemClient, RealSystemConnection } from './real-system-client.port.js';

/** How a build asks the real system (docs/credentials.md); the defaults are the documented limits. */
export interface ProbeLimits {
  /** Per request, from sending to the last byte of the answer. */
  timeoutMs: number;
  /** Answers longer than this are skipped. */
  maxBodyBytes: number;
}

export const PROBE_LIMITS: ProbeLimits = { timeoutMs: 10_000, maxBodyBytes: 1024 * 1024 };

/** What a build leaving its queue asks the real system through: a probe, a refusal to report, or nothing. */
export type OpenedProbe = { probe: BuildProbe; close(): Promise<void> } | { probe: { refused: string }; close(): Promise<void> } | null;

/**
 * Opens the real system a build's Credential points at, as the Credential is when the build
 * leaves its queue (one updated or deleted after the build was asked for affects only builds
 * that start later): its host resolved once and checked against the address policy, the
 * secret only in the Credential's header. Nothing is opened for a build without a Credential or
 * with a budget of 0.
 */
export class BuildProbing {
  constructor(
    private readonly credentials: CredentialService,
    private readonly client: RealSystemClient,
    private readonly policy: AddressPolicy,
    private readonly limits: ProbeLimits = PROBE_LIMITS,
  ) {}

  async open(build: { workspaceId: string | null; credentialId: string | null; budget: number }): Promise<OpenedProbe> {
    if (build.credentialId === null || build.workspaceId === null || build.budget <= 0) return null;
    const credential = await this.credentials.openForBuild(build.workspaceId, build.credentialId);
    if (credential === null) return refused(`the Credential ${build.credentialId} is gone or has no base_url; nothing was asked of the real system`);
    const opened = await this.client.open(credential.baseUrl, { policy: this.policy, timeoutMs: this.limits.timeoutMs, maxBodyBytes: this.limits.maxBodyBytes });
    if ('refused' in opened) return refused(`the real system was not asked: ${opened.refused}`);
    const connection: RealSystemConnection = opened;
    return {
      probe: { connection, headers: { [credential.header]: credential.value }, secret: credential.value, budget: build.budget },
      close: () => connection.close(),
    };
  }
}

function refused(why: string): OpenedProbe {
  return { probe: { refused: why }, close: () => Promise.resolve() };
}
