import type { AddressPolicy } from './address-policy.js';

/**
 * A build's way to the real system a Credential points at (DESIGN.md section 1,
 * RealSystemClient). A connection is opened for one base URL: its host is resolved once and
 * checked against the address policy (address-policy.ts), and every request of the build goes
 * to that address, to that origin only, with the headers it is given (the Credential's secret
 * among them). Nothing follows a redirect; a body past the size cap is not read.
 */
export interface RealSystemClient {
  open(baseUrl: string, options: RealSystemOptions): Promise<RealSystemConnection | { refused: string }>;
}

export interface RealSystemOptions {
  policy: AddressPolicy;
  /** Per request, from sending to the last byte of the answer. */
  timeoutMs: number;
  /** Bodies longer than this are not read: the answer says `tooLarge`. */
  maxBodyBytes: number;
}

export interface RealSystemRequest {
  method: 'GET' | 'HEAD' | 'POST';
  /** The path and query under the base URL's path (`/customers?limit=10`), or empty for the base URL itself (a SOAP service address); never another origin. */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

export type RealSystemAnswer =
  | { status: number; headers: Record<string, string>; body: Uint8Array; tooLarge?: false }
  | { status: number; headers: Record<string, string>; body: null; tooLarge: true }
  | { failed: string };

export interface RealSystemConnection {
  /** The address every request of this connection goes to. */
  readonly address: string;
  send(request: RealSystemRequest, signal?: AbortSignal): Promise<RealSystemAnswer>;
  close(): Promise<void>;
}
