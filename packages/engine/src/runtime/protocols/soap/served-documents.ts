import type { SimRequest, SimResponse } from '@simplane/core';
import { SOAP_ENDPOINT, type SoapModel } from '../../../artifact/soap.js';
import { headerText } from '../rest/parameters.js';

const XML = 'text/xml; charset=utf-8';

/**
 * `GET ?wsdl` (any case) serves the WSDL and `?xsd=<path>` (or `?wsdl=<path>`) an imported
 * document, each with the service address and import locations pointing at the Simulation, so a
 * client generated from it calls the Simulation. Null for any other GET.
 */
export function servedDocument(soap: SoapModel, request: SimRequest, endpoint: string): SimResponse | null {
  const query = new URLSearchParams(request.query);
  let path: string | null = null;
  for (const [name, value] of query) {
    const lower = name.toLowerCase();
    if (lower === 'wsdl' || lower === 'xsd') {
      path = value === '' && lower === 'wsdl' ? (soap.documents[0]?.path ?? null) : value;
      break;
    }
  }
  if (path === null) return null;
  const document = soap.documents.find((d) => d.path === path);
  if (document === undefined) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from(`no document ${path} in this service's description`) };
  const base = escapeAttribute(absolute(endpoint, request));
  return { status: 200, headers: { 'content-type': XML }, body: Buffer.from(document.text.split(SOAP_ENDPOINT).join(base)) };
}

/** The endpoint as an absolute URL: as configured, else from the request's host (and `X-Forwarded-Proto`). */
function absolute(endpoint: string, request: SimRequest): string {
  if (/^https?:\/\//i.test(endpoint)) return endpoint;
  const host = headerText(request.headers, 'x-forwarded-host') ?? headerText(request.headers, 'host') ?? 'localhost';
  const proto = (headerText(request.headers, 'x-forwarded-proto') ?? 'http').split(',')[0]!.trim();
  return `${proto === 'https' ? 'https' : 'http'}://${host.split(',')[0]!.trim()}${endpoint}`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}
