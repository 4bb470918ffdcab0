/**
 * Words of the names of resources: in a path, a server's base path or a SOAP operation's name.
 * The compiler reads them to tell a collection from a single thing, to find the entity a call is
 * about and to mark the tenant. Words are lower case, as `words()` (infer/naming.ts) splits names.
 */

/** Plural nouns that do not end in `s`: a path segment ending in one names a collection (`/people`, `/media`). */
export const PLURALS_WITHOUT_S: readonly string[] = ['people', 'children', 'data', 'media'];

/** Words naming the party an API's credentials belong to: a top-level collection of them is the tenant. */
export const TENANT_WORDS: readonly string[] = ['account', 'organization', 'organisation', 'org', 'workspace', 'tenant', 'team', 'project', 'company'];

/**
 * Last segments of a server's base path that name the API rather than a resource
 * (`https://example.com/api`); a version (`v2`) does not name one either.
 */
export const API_BASE_WORDS: readonly string[] = ['api', 'apis', 'rest'];

/** Words around a SOAP operation's noun that do not name the entity: `GetAllCustomers`, `GetCustomerDetails`, `ListCustomersRequest`. */
export const SOAP_NOUN_NOISE: readonly string[] = ['all', 'list', 'details', 'detail', 'info', 'information', 'data', 'record', 'records', 'request', 'response', 'summary', 'summaries', 'collection'];
