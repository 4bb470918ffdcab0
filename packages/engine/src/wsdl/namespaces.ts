/** The namespaces a WSDL 1.1 service description is written in. */
export const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
export const WSDL2_NS = 'http://www.w3.org/ns/wsdl';
export const SOAP11_NS = 'http://schemas.xmlsoap.org/wsdl/soap/';
export const SOAP12_NS = 'http://schemas.xmlsoap.org/wsdl/soap12/';
/** WSDL 1.1's HTTP GET/POST binding (`http:binding verb=`): not simulated, named in a warning. */
export const HTTP_NS = 'http://schemas.xmlsoap.org/wsdl/http/';
/** SOAP with attachments: `mime:multipartRelated` around a binding message's `soap:body`. */
export const MIME_NS = 'http://schemas.xmlsoap.org/wsdl/mime/';
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
/** The 2001 namespace and the pre-recommendation ones some old WSDLs still write. */
export const XSD_NAMESPACES: ReadonlySet<string> = new Set([XSD_NS, 'http://www.w3.org/2000/10/XMLSchema', 'http://www.w3.org/1999/XMLSchema']);

/** The SOAP binding extension namespaces, by the SOAP version they bind. */
export const SOAP_BINDING_NS = { '1.1': SOAP11_NS, '1.2': SOAP12_NS } as const;
export type SoapVersion = keyof typeof SOAP_BINDING_NS;
