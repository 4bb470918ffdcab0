/** @simplane/host-lambda: AWS Lambda around the neutral handler; one translator per event shape. */
export * from './lambda-host.js';
export { handleV1 } from './api-gateway-v1.js';
export { handleV2 } from './api-gateway-v2.js';
