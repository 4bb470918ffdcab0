import type { ArtifactOperation, ArtifactSecurityScheme, JsonSchema } from '../artifact/artifact.js';

/**
 * An operation as the document states it, before behaviour and resources are inferred.
 * `newestFirst`: a read whose description says it answers the most recent records first
 * (Stripe's lists), read into its list's ordering and not kept in the artifact.
 */
export type NormalisedOperation = Omit<ArtifactOperation, 'behaviour' | 'resource' | 'readOnly' | 'list' | 'action'> & { newestFirst?: true };

/** OpenAPI 2.0, 3.0 and 3.1 brought to one shape, with schemas in JSON Schema 2020-12. */
export interface NormalisedDocument {
  title: string;
  apiVersion: string;
  basePaths: string[];
  schemas: Record<string, JsonSchema>;
  securitySchemes: Record<string, ArtifactSecurityScheme>;
  operations: NormalisedOperation[];
}
