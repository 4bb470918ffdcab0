/** A stored connection to a real system. The value exists only sealed. */
export interface CredentialRecord {
  id: string;
  workspaceId: string;
  name: string;
  baseUrl: string | null;
  header: string;
  /** The secret value, sealed by the SecretCipher with the credential ID as context. */
  sealedValue: string;
  createdAt: string;
  updatedAt: string;
}

/** The API view (SPEC 2.1): every field always present, the value never. */
export interface CredentialView {
  id: string;
  name: string;
  base_url: string | null;
  header: string;
  created_at: string;
}

export function toCredentialView(record: CredentialRecord): CredentialView {
  return {
    id: record.id,
    name: record.name,
    base_url: record.baseUrl,
    header: record.header,
    created_at: record.createdAt,
  };
}

/** What a build needs to reach the real system; never leaves the process. */
export interface OpenedCredential {
  baseUrl: string;
  header: string;
  value: string;
}
