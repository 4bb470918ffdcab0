/** The Credential resource as the API answers it (SPEC 2.1, 2.2). */
export interface Credential {
  id: string;
  name: string;
  base_url: string | null;
  header: string;
  created_at: string;
}

export interface CredentialList {
  credentials: Credential[];
  next_cursor: string | null;
}
