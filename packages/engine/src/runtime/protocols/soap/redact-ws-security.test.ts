import { describe, expect, it } from 'vitest';
import { redactWsSecurity } from './redact-ws-security.js';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('WS-Security redaction', () => {
  const envelope = (security: string) =>
    `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Header>${security}</soap:Header><soap:Body><GetCustomer xmlns="urn:crm"><customerId>c-1</customerId></GetCustomer></soap:Body></soap:Envelope>`;

  it('redacts UsernameToken passwords and binary tokens, whatever their prefix, and keeps the rest', () => {
    const sent = envelope(
      '<wsse:Security xmlns:wsse="urn:wsse"><wsse:UsernameToken><wsse:Username>alice</wsse:Username><wsse:Password Type="PasswordText">s3cr3t&amp;more</wsse:Password></wsse:UsernameToken>' +
        '<o:BinarySecurityToken xmlns:o="urn:wsse" ValueType="X509">MIIBxyz==</o:BinarySecurityToken><Password>plain</Password></wsse:Security>',
    );
    const kept = text(redactWsSecurity(Buffer.from(sent)));
    expect(kept).not.toMatch(/s3cr3t|MIIBxyz|plain/);
    expect(kept).toContain('<wsse:Password Type="PasswordText"><redacted></wsse:Password>');
    expect(kept).toContain('<o:BinarySecurityToken xmlns:o="urn:wsse" ValueType="X509"><redacted></o:BinarySecurityToken>');
    expect(kept).toContain('<wsse:Username>alice</wsse:Username>');
    expect(kept).toContain('<customerId>c-1</customerId>');
  });

  it('redacts a secret the step cut splits to the end of what is kept', () => {
    const whole = envelope('<wsse:Password>abcdefgh</wsse:Password>');
    const cut = whole.slice(0, whole.indexOf('abcdefgh') + 3);
    expect(cut.endsWith('<wsse:Password>abc')).toBe(true);
    const kept = text(redactWsSecurity(Buffer.from(cut)));
    expect(kept.endsWith('<wsse:Password><redacted>')).toBe(true);
  });

  it('answers a body without credentials as it is, the same bytes', () => {
    const body = Buffer.from(envelope(''));
    expect(redactWsSecurity(body)).toBe(body);
    const empty = Buffer.from(envelope('<wsse:Password/>'));
    expect(text(redactWsSecurity(empty))).toBe(envelope('<wsse:Password/>'));
  });
});
