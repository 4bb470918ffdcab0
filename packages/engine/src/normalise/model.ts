import type { ArtifactOperation, ArtifactSecurityScheme, JsonSchema } from '../artifact/artifact.js';
import type { Json } from '../json.js';

/**
 * An operation as the document states it, before behaviour and resources are inferred.
 * `newestFirst`: a read whose description says it answers the most recent records first
 * (Stripe's lists), read into its list's ordering and not kept in the artifact.
 * `partialUpdate`: a write whose description says it changes only the fields it is given,
 * read into its write plan (behaviour/plan-writes.ts) and not kept in the artifact.
 * `describedIds`: ids its path parameters' descriptions name as always there, by parameter,
 * read into its resource's record plan (`aliases`, `wellKnownIds`) and not kept.
 */
export type NormalisedOperation = Omit<ArtifactOperation, 'behaviour' | 'resource' | 'readOnly' | 'list' | 'action' | 'protocol' | 'write'> & { newestFirst?: true; partialUpdate?: true; describedIds?: Record<string, string[]> };

/** OpenAPI 2.0, 3.0 and 3.1 brought to one shape, with schemas in JSON Schema 2020-12. */
export interface NormalisedDocument {
  title: string;
  apiVersion: string;
  basePaths: string[];
  schemas: Record<string, JsonSchema>;
  securitySchemes: Record<string, ArtifactSecurityScheme>;
  operations: NormalisedOperation[];
  /**
   * The operations' `x-simplane-behaviour` extensions, applied once the compiler's decisions
   * are made (behaviour/overrides.ts) and not kept in the artifact; none for a WSDL.
   */
  behaviourOverrides?: OperationOverride[];
  /** The operations' `x-simplane-tool` extensions, read when their tools are decided (tools/decide-tools.ts); none for a WSDL. */
  toolOverrides?: OperationOverride[];
}

/** An operation's `x-simplane-behaviour` (or `x-simplane-tool`) as written. */
export interface OperationOverride {
  /** The operation's id in the artifact. */
  operation: string;
  /** Where the extension is, for warnings: `paths./pets.put.x-simplane-behaviour`. */
  location: string;
  value: Json;
}
