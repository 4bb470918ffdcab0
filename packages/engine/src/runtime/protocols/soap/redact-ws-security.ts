/**
 * WS-Security credentials in a SOAP request, redacted in the step that keeps it as
 * `Authorization` is: the text of every `Password` and `BinarySecurityToken` element (any
 * prefix, any namespace: a business field called Password is a secret too). Works on the kept
 * bytes as text without parsing them, since a step keeps only the first 64 KiB and a cut
 * message is no longer well-formed: a secret the cut splits is redacted to the end.
 */
const OPENING = /<(?:[\w.-]+:)?(?:Password|BinarySecurityToken)(?:\s[^>]*)?>/g;
const REDACTED = '<redacted>';

export function redactWsSecurity(body: Uint8Array): Uint8Array {
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  OPENING.lastIndex = 0;
  if (!OPENING.test(text)) return body;
  OPENING.lastIndex = 0;
  let out = '';
  let from = 0;
  for (let match = OPENING.exec(text); match !== null; match = OPENING.exec(text)) {
    if (match[0].endsWith('/>') || match.index < from) continue;
    const start = match.index + match[0].length;
    const close = text.indexOf('</', start);
    out += text.slice(from, start) + REDACTED;
    from = close < 0 ? text.length : close;
    OPENING.lastIndex = from;
  }
  out += text.slice(from);
  return Buffer.from(out, 'utf8');
}
