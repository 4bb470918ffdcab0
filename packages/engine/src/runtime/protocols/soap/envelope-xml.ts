/**
 * The envelope and faults of a SOAP answer, in the version the request spoke. The envelope's
 * prefix is `soap` in both versions; faults use the version's own codes (1.1's Client/Server,
 * 1.2's Sender/Receiver).
 */
import { envelopeNamespace, type SoapVersion } from './read-envelope.js';
import { escapeAttribute, escapeText } from './xml-text.js';

/** A whole answer document: `bodyContent` (and `headerContent`, when not empty) are XML text placed as they are. */
export function envelope(version: SoapVersion, bodyContent: string, headerContent?: string): string {
  const header = headerContent === undefined || headerContent === '' ? '' : `<soap:Header>${headerContent}</soap:Header>`;
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelopeNamespace(version)}">${header}<soap:Body>${bodyContent}</soap:Body></soap:Envelope>`;
}

export type FaultCode = 'client' | 'server' | 'version_mismatch' | 'must_understand';

export interface Fault {
  code: FaultCode;
  /** Human-readable; escaped here. */
  reason: string;
  /** The detail element(s) as XML text, placed as they are (e.g. from writeElement). */
  detail?: string;
  /**
   * A finer code: a local name (`InvalidInput`, 1.1 writes `soap:Client.InvalidInput`) or
   * `{namespace}local`, which 1.2 writes as a Subcode qualified in that namespace.
   */
  subcode?: string;
}

const CODES: Record<SoapVersion, Record<FaultCode, string>> = {
  '1.1': { client: 'Client', server: 'Server', version_mismatch: 'VersionMismatch', must_understand: 'MustUnderstand' },
  '1.2': { client: 'Sender', server: 'Receiver', version_mismatch: 'VersionMismatch', must_understand: 'MustUnderstand' },
};

/** A `soap:Fault` element, to be put in `envelope(version, ...)`'s body (it uses the envelope's `soap` prefix). */
export function faultXml(version: SoapVersion, fault: Fault): string {
  const code = `soap:${CODES[version][fault.code]}`;
  const reason = escapeText(fault.reason);
  const detail = fault.detail === undefined || fault.detail === '' ? null : fault.detail;
  const sub = fault.subcode === undefined ? null : subcodeOf(fault.subcode);
  if (version === '1.1') {
    const faultcode = sub === null ? code : `${code}.${escapeText(sub.local)}`;
    return `<soap:Fault><faultcode>${faultcode}</faultcode><faultstring>${reason}</faultstring>${detail === null ? '' : `<detail>${detail}</detail>`}</soap:Fault>`;
  }
  let subcode = '';
  if (sub !== null) {
    const declaration = sub.ns === '' ? '' : ` xmlns:sub="${escapeAttribute(sub.ns)}"`;
    subcode = `<soap:Subcode><soap:Value${declaration}>${sub.ns === '' ? '' : 'sub:'}${escapeText(sub.local)}</soap:Value></soap:Subcode>`;
  }
  return `<soap:Fault><soap:Code><soap:Value>${code}</soap:Value>${subcode}</soap:Code><soap:Reason><soap:Text xml:lang="en">${reason}</soap:Text></soap:Reason>${detail === null ? '' : `<soap:Detail>${detail}</soap:Detail>`}</soap:Fault>`;
}

/** A subcode's namespace and local name; a local name is kept to what a QName allows. */
function subcodeOf(subcode: string): { ns: string; local: string } | null {
  if (subcode.trim() === '') return null;
  const clark = /^\{([^}]*)\}(.+)$/.exec(subcode.trim());
  const local = (clark === null ? subcode.trim() : clark[2]!).replace(/[^\w.-]/g, '_').replace(/^(?![A-Za-z_])/, '_');
  return { ns: clark === null ? '' : clark[1]!, local };
}

/** A whole fault answer document. */
export function faultEnvelope(version: SoapVersion, fault: Fault): string {
  return envelope(version, faultXml(version, fault));
}

/** The HTTP status of a fault answer: SOAP 1.1's HTTP binding says 500 for every fault; 1.2 says 400 for a Sender fault. */
export function faultStatus(version: SoapVersion, code: FaultCode): number {
  return version === '1.2' && code === 'client' ? 400 : 500;
}

/** The content type of an answer: 1.2 carries the action as a parameter. */
export function contentTypeFor(version: SoapVersion, action?: string | null): string {
  if (version === '1.1') return 'text/xml; charset=utf-8';
  const base = 'application/soap+xml; charset=utf-8';
  if (action === undefined || action === null || action === '') return base;
  // A quoted-string of printable ASCII (a URI is): no line break or control reaches the header.
  const quoted = action.replace(/[^\x20-\x7E]/g, '').replace(/["\\]/g, '\\$&');
  return `${base}; action="${quoted}"`;
}
