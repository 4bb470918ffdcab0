import type { ArtifactOperation, ArtifactSecurityScheme, JsonSchema } from '../artifact/artifact.js';

/** An operation as the document states it, before behaviour and resources are inferred. */
export type NormalisedOperation = Omit<ArtifactOperation, 'behaviour' | 'resource' | 'readOnly' | 'list' | 'action'>;

/** OpenAPI 2.0, 3.0 and 3.1 brought to one shape, with schemas in JSON Schema 2020-12. */
export interface NormalisedDocument {
  title: string;
  apiVersion: string;
  basePaths: string[];
  schemas: Record<string, JsonSchema>;
  securitySchemes: Record<string, ArtifactSecurityScheme>;
  operations: NormalisedOperation[];
}
