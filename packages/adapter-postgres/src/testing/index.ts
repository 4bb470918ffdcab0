/** @simplane/adapter-postgres/testing: databases of their own for suites that run against Postgres and PGlite. */
export * from './test-databases.js';
