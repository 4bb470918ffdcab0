import type { SoapVersion } from './namespaces.js';
import type { WsdlBindingOperation, WsdlBodyBinding } from './wsdl-model.js';

/** SOAP 1.1 section 5's encoding, and SOAP 1.2 part 2 section 3's. */
export const SOAP11_ENCODING = 'http://schemas.xmlsoap.org/soap/encoding/';
export const SOAP12_ENCODING = 'http://www.w3.org/2003/05/soap-encoding';

/**
 * The SOAP encoding an encoded body is simulated with: the first of its `encodingStyle` URIs
 * that is SOAP 1.1's or 1.2's (the others are refinements a client may ignore), else the
 * binding's own version's where it names none. Null where it names only others, which
 * nothing here can read or write.
 */
export function encodingOf(body: WsdlBodyBinding, version: SoapVersion): string | null {
  if (body.encodingStyle === null || body.encodingStyle.length === 0) return version === '1.1' ? SOAP11_ENCODING : SOAP12_ENCODING;
  return body.encodingStyle.find((style) => style === SOAP11_ENCODING || style === SOAP12_ENCODING) ?? null;
}

/** The encoded bodies of a binding operation whose encoding cannot be simulated, by the style they name. */
export function unsupportedEncodings(bound: WsdlBindingOperation, version: SoapVersion): string[] {
  const out: string[] = [];
  for (const body of [bound.input, bound.output]) {
    if (body === null || body.use !== 'encoded' || encodingOf(body, version) !== null) continue;
    out.push(...(body.encodingStyle ?? []));
  }
  return [...new Set(out)];
}

/** Whether a binding operation's input or output is encoded. */
export const isEncoded = (bound: WsdlBindingOperation): boolean => [bound.input, bound.output].some((body) => body !== null && body.use === 'encoded');
