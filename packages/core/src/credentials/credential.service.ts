import type { Clock } from '../time/clock.port.js';
import type { CursorCodec } from '../pagination/cursor-codec.js';
import { fetchPage, type PageParams } from '../pagination/page.js';
import { SimplaneError, validationError } from '../errors/simplane-error.js';
import { isId, type IdGenerator } from '../ids/id.js';
import type { SecretCipher } from '../crypto/secret-cipher.port.js';
import type { Principal } from '../tenancy/tenancy.js';
import { formatTime } from '../time/clock.port.js';
import { checkBaseUrl, type BaseUrlPolicy } from './base-url-policy.js';
import { toCredentialView, type CredentialRecord, type CredentialView, type OpenedCredential } from './credential.js';
import type { CreateCredentialInput, UpdateCredentialInput } from './credential-input.js';
import type { CredentialRepository } from './credential.repository.port.js';

export interface CredentialPage {
  credentials: CredentialView[];
  next_cursor: string | null;
}

/** Credentials of a workspace: metadata in the clear, the value only sealed. */
export class CredentialService {
  constructor(
    private readonly repository: CredentialRepository,
    private readonly cipher: SecretCipher,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly cursors: CursorCodec,
    private readonly policy: BaseUrlPolicy,
  ) {}

  async create(principal: Principal, input: CreateCredentialInput): Promise<CredentialView> {
    const baseUrl = input.base_url ?? null;
    if (baseUrl !== null) checkBaseUrl(baseUrl, this.policy);
    const id = this.ids.next('credential');
    const now = formatTime(this.clock.now());
    const record: CredentialRecord = {
      id,
      workspaceId: principal.workspaceId,
      name: input.name,
      baseUrl,
      header: input.header,
      sealedValue: await this.cipher.seal(input.value, id),
      createdAt: now,
      updatedAt: now,
    };
    await this.repository.insert(record);
    return toCredentialView(record);
  }

  async list(principal: Principal, params: PageParams): Promise<CredentialPage> {
    const page = await fetchPage(
      this.cursors,
      `credentials:${principal.workspaceId}`,
      params,
      (r: CredentialRecord) => ({ createdAt: r.createdAt, id: r.id }),
      (query) => this.repository.listByWorkspace(principal.workspaceId, query),
    );
    return { credentials: page.items.map(toCredentialView), next_cursor: page.nextCursor };
  }

  async get(principal: Principal, id: string): Promise<CredentialView> {
    return toCredentialView(await this.load(principal, id));
  }

  async update(principal: Principal, id: string, input: UpdateCredentialInput): Promise<CredentialView> {
    const current = await this.load(principal, id);
    const baseUrlChanges = input.base_url !== undefined && input.base_url !== current.baseUrl;
    const headerChanges = input.header !== undefined && input.header !== current.header;
    if ((baseUrlChanges || headerChanges) && input.value === undefined) {
      throw validationError('value', 'is required when base_url or header changes');
    }
    if (baseUrlChanges && input.base_url != null) checkBaseUrl(input.base_url, this.policy);
    const next: CredentialRecord = {
      ...current,
      name: input.name ?? current.name,
      baseUrl: input.base_url === undefined ? current.baseUrl : input.base_url,
      header: input.header ?? current.header,
      sealedValue: input.value === undefined ? current.sealedValue : await this.cipher.seal(input.value, id),
      updatedAt: formatTime(this.clock.now()),
    };
    if (!(await this.repository.update(next))) throw notFound(id);
    return toCredentialView(next);
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.load(principal, id);
    if (!(await this.repository.delete(id))) throw notFound(id);
  }

  /**
   * The decrypted credential, for a build that calls the real system. Refuses a credential
   * without a base URL (SPEC 2.1: a build can use only a credential that has one).
   */
  async open(principal: Principal, id: string): Promise<OpenedCredential> {
    const record = await this.load(principal, id);
    if (record.baseUrl === null) throw validationError('credential_id', 'the credential has no base_url');
    return { baseUrl: record.baseUrl, header: record.header, value: await this.cipher.open(record.sealedValue, id) };
  }

  /**
   * The decrypted credential of a workspace as it is now, for a build leaving its queue: a
   * Credential updated or deleted after the build was asked for affects it, and one deleted
   * (or left without a base URL) is null.
   */
  async openForBuild(workspaceId: string, id: string): Promise<OpenedCredential | null> {
    const record = isId('credential', id) ? await this.repository.get(id) : null;
    if (record === null || record.workspaceId !== workspaceId || record.baseUrl === null) return null;
    return { baseUrl: record.baseUrl, header: record.header, value: await this.cipher.open(record.sealedValue, id) };
  }

  private async load(principal: Principal, id: string): Promise<CredentialRecord> {
    if (!isId('credential', id)) throw notFound(id);
    const record = await this.repository.get(id);
    if (record === null) throw notFound(id);
    if (record.workspaceId !== principal.workspaceId) {
      throw new SimplaneError('auth_forbidden', 'The credential belongs to another workspace.');
    }
    return record;
  }
}

function notFound(id: string): SimplaneError {
  return new SimplaneError('credential_not_found', `No credential ${id.slice(0, 64)}.`);
}
