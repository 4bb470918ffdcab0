import type { SchemaRegistry } from '../schemas/schema-registry.js';
import type { Random } from './random.js';

/** What generating a value draws on: the schemas, the request's randomness and the Simulation's clock. */
export interface GenerateContext {
  registry: SchemaRegistry;
  random: Random;
  now: Date;
}
