/**
 * The exact Content-Security-Policy every answer under `/console` must carry, written out here
 * rather than imported from @simplane/http, so a change to the policy fails the tests that read it.
 */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";
