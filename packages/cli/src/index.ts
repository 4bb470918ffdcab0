/** @simplane/cli: the `simplane` command: `serve` composes the control plane on `node:http`, the rest are its clients. */
export * from './config/environment.js';
export * from './config/arguments.js';
export * from './config/bootstrap.js';
export * from './config/storage-choice.js';
export * from './config/server-url.js';
export * from './commands/serve.js';
export * from './commands/openapi.js';
export * from './commands/client-command.js';
export * from './client/client-error.js';
export * from './client/connection.js';
