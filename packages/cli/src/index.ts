/** @simplane/cli: the `simplane` command and the composition root the other hosts reuse. */
export * from './config/config.schema.js';
export * from './config/load-config.js';
export * from './config/environment.js';
export * from './config/arguments.js';
export * from './config/bootstrap.js';
export * from './composition/container.js';
export * from './composition/stable-id.js';
export * from './composition/console-logger.js';
export * from './commands/serve.js';
export * from './commands/openapi.js';
export * from './commands/client-command.js';
export * from './client/client-error.js';
export * from './client/connection.js';
export * from './client/control-plane-client.js';
