/** An organization owns workspaces; every resource lives in exactly one workspace. */
export interface Organization {
  id: string;
  name: string;
}

export interface Workspace {
  id: string;
  organizationId: string;
  name: string;
}

/** Who is calling, once authenticated: the workspace every operation is scoped to. */
export interface Principal {
  organizationId: string;
  workspaceId: string;
  via: 'api_key' | 'session';
  /** The session's user; absent for API keys. */
  userId?: string;
  /**
   * The origin the caller reached this server at (`http://127.0.0.1:8080`), from its request,
   * so answers name absolute addresses when no `public_base_url` is configured; absent when
   * the request named no usable host.
   */
  origin?: string;
}
