/** @simplane/host-express: Express around the neutral handler; it translates and decides nothing. */
export * from './express-host.js';
