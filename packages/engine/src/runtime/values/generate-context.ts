import type { SchemaRegistry } from '../schemas/schema-registry.js';
import type { Json } from '../../json.js';
import type { Random } from './random.js';

/** What generating a value draws on: the schemas, the request's randomness and the Simulation's clock. */
export interface GenerateContext {
  registry: SchemaRegistry;
  random: Random;
  now: Date;
  /** The variant of its protocol the call was made in (SOAP `1.1` or `1.2`), so its answer and refusals speak it. */
  dialect?: string;
  /** The request's `Accept`, which picks among the media types an answer declares (answers/accept.ts). */
  accept?: string;
  /** The input the protocol decoded from the request (a SOAP body), so a refusal can say back what was asked (a Fault detail's id). */
  input?: Json;
}
