/**
 * @simplane/http: the framework-neutral HTTP layer. Hosts translate their input into an
 * HttpRequest, call the Handler, and write the HttpResponse back.
 */
export * from './http-types.js';
export * from './route.js';
export * from './router.js';
export * from './handler.js';
export * from './problem.js';
export * from './body/read-body.js';
export * from './body/media-type.js';
export * from './body/json-body.js';
export * from './body/multipart-body.js';
export * from './body/timed-chunks.js';
export * from './openapi/openapi-document.js';
export * from './control-plane.js';
export * from './data-plane.js';
export { SESSION_COOKIE, WORKSPACE_HEADER } from './auth-attempt.js';
export * from './root-simulation.js';
export { loadConsoleAssets, type ConsoleAsset, type ConsoleAssets } from './console/console-assets.js';
export { CONSOLE_CONTENT_SECURITY_POLICY, CONSOLE_PATH, CONSOLE_SECURITY_HEADERS } from './console/console-response.js';
