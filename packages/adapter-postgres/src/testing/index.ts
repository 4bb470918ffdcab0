/** @simplane/adapter-postgres/testing: databases of their own for suites that run against Postgres and PGlite, and a proxy that black-holes one. */
export * from './black-hole-proxy.js';
export * from './test-databases.js';
