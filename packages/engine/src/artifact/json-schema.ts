import type { JsonObject } from '../json.js';

/** JSON Schema 2020-12. Component schemas live in `Artifact.schemas`, referenced as `#/schemas/<Name>`. */
export type JsonSchema = JsonObject | boolean;
