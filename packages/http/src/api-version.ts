/** The control plane's API version, as its OpenAPI document and its MCP servers name it. */
export const API_VERSION = '1.0.0';
