import type { Diagnostics } from '../diagnostics/diagnostics.js';
import type { JsonObject } from '../json.js';
import type { OpenApiFamily } from '../parse/detect-kind.js';
import type { SchemaConverter } from './convert-schema.js';
import type { ResolveContext } from './resolve-ref.js';

/** What every normalising step needs about the document being compiled. */
export interface NormaliseContext extends ResolveContext {
  root: JsonObject;
  family: OpenApiFamily;
  diagnostics: Diagnostics;
  schemas: SchemaConverter;
}
