import { stringify } from 'yaml';
import { buildOpenApiDocument, API_VERSION } from '@simplane/http';
import { composeControlPlane, parseConfig } from '@simplane/composition';
import { silentLogger } from '@simplane/core';

/** The control plane's OpenAPI document as YAML; `docs/openapi.yaml` is this output. */
export function openApiYaml(): string {
  const plane = composeControlPlane(parseConfig({ log_level: 'silent' }), { logger: silentLogger });
  return `# Generated from the route table by \`npm run docs:openapi\`; a test keeps it in step.\n${stringify(buildOpenApiDocument(plane.routes, API_VERSION), { lineWidth: 0 })}`;
}
