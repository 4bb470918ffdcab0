export { UndiciRealSystemClient } from './undici-real-system-client.js';
