export { createNodeListener, toNeutralRequest } from './node-host.js';
