import type { Json, JsonObject } from '../json.js';

/**
 * The decisions the compiler makes about records and writes, kept in the artifact as plain data
 * (version 4): the runtime follows them and never works them out from names while a request
 * runs. `GET /v1/simulators/{id}/behaviour` shows them in these shapes, and
 * `x-simplane-behaviour` (docs/behaviour.md) overrides them under the same names. Artifacts of
 * earlier versions are given them when read (behaviour/upgrade-v3.ts), as their engine decided.
 */

/** How a time field is written: RFC 3339 text, a date, epoch seconds, or an e-mail (RFC 2822) or HTTP (RFC 1123) date. */
export const TIME_FORMS = ['instant', 'date', 'epoch', 'rfc2822', 'rfc1123'] as const;
export type TimeForm = (typeof TIME_FORMS)[number];

export const FIELD_FILLS = ['created', 'updated', 'end', 'initial'] as const;

/**
 * How writes fill one field of the item that the server owns:
 * - `created`: the virtual clock's time, on a create that does not give it;
 * - `updated`: the virtual clock's time, on every write;
 * - `end`: null on a create that does not give it; the time a write brings the record to `end`
 *   (a field holding that value, or a true flag named by it: `closed` for `closed_at`), null
 *   again when a write takes it away;
 * - `initial`: on a create that does not give it, `value`, or the first `waiting` state whose
 *   field the record lacks (Stripe's `requires_payment_method`).
 */
export interface FieldFill {
  field: string;
  fill: (typeof FIELD_FILLS)[number];
  /** For `created`, `updated` and `end`. */
  time?: TimeForm;
  /** For `end`: the word of the end the time marks. */
  end?: string;
  /** For `initial`. */
  value?: Json;
  waiting?: Array<{ value: string; field: string }>;
}

/** The field holding a record's state, as decided (RecordPlan.state). */
export interface StatePlan {
  field: string;
  /** The value a new record starts in. */
  initial: Json;
  /** Values that say the record waits for one of its fields, taken first by a new record that lacks it. */
  waiting: Array<{ value: string; field: string }>;
  /** The values that end a record's life (`canceled`, `succeeded`); no write of the Simulation is refused for them. */
  ends: string[];
}

/** Everything writes do to a resource's records besides what the client sends. */
export interface RecordPlan {
  /** Server-owned fields and how each is filled, in the item schema's order. */
  fields: FieldFill[];
  /** The state field, or null where the item has none (its starting value is also a `fields` entry). */
  state: StatePlan | null;
  /**
   * What a required field a create leaves out holds in a new record, where that is known: no
   * comments counted yet (`0`), no end reached (`false`), no sub-records (`[]`), nothing yet
   * (`null`), the option a client who chose nothing gets (`automatic`). Other required fields are generated.
   */
  fresh: Record<string, Json>;
  /**
   * Totals of what is done to the record's `amount`, set to the amount once the record reaches
   * `end` (or `also`): `amount_captured` at `captured`, `amount_received` at `received` or `succeeded`.
   */
  settled: Array<{ field: string; end: string; also?: string }>;
  /** Fields a write never changes once set (creation times), besides the id. */
  kept: string[];
  /** Fields a write keeps unless it gives them (`readOnly` in the item schema). */
  keptUnlessGiven: string[];
  /** Ids that name the caller's own record whatever the Simulation holds (`me`, `@me`), and words the document names as ids always there (`root`). */
  aliases: string[];
  /**
   * Records a credential-backed build read from the real system (docs/credentials.md) that
   * validate against the document: the Simulation's sample records for this resource, in place
   * of generated ones (`sample_records` still caps how many), and the operation they came from.
   * Absent where the build learned none.
   */
  learned?: { operation: string; records: JsonObject[] };
  /** Ids the document names as always there (Box's root folder, "always represented by the ID `0`"): read as a record with that id whatever the Simulation holds. Absent where none. */
  wellKnownIds?: string[];
  /** Fields that address a record as well as its id, where its path parameter says so (`issueIdOrKey`: `key`). */
  alternateKeys: string[];
  /**
   * For records also addressed by an owner and a name (`/repos/{owner}/{repo}`, while they are
   * created under `/orgs/{org}/repos`): the field the item path's last key names a record by
   * (`name`, also an alternate key), and the item path's parameters standing for the scope
   * parameters of the routes they are created under (`{owner: 'org'}`). Absent otherwise.
   */
  compoundKey?: { field: string; scope: Record<string, string> };
  /**
   * A catalog the server owns (models, regions, currencies: read, never created by a client):
   * any well-formed id reads, as the document's example of that id or a record generated for it.
   */
  catalog: boolean;
  /**
   * How a deleted record reads where the read's answer admits a deleted form (Stripe's
   * `deleted_customer`, `{id, object, deleted: true}`): the flag set true, and the record's
   * fields the form keeps. Null where a deleted record reads as not found.
   */
  deleted: { flag: string; fields: string[] } | null;
  /** Fields holding a map (an object of `additionalProperties`, as `metadata`) that an update merges key by key; a null value removes a key. */
  maps: string[];
  /** Fields a new record's place decides: its own address, a name made of its path's keys. */
  derived: DerivedField[];
  /** The top-level collections the item's fields name by id, by field (Stripe's expandable `customer`): what `expand` answers in their place. */
  references: Record<string, string>;
  /** The top-level collections other item fields name by being called after their id (`customer_id`, `customerId`), by field. */
  namedIds: Record<string, string>;
  /** What a new record takes from the record a field names where its create leaves it out (a refund's `amount` and `currency` from its payment intent). */
  inherits: Array<{ field: string; from: string; fields: string[] }>;
  /**
   * The totals of other records these records' `amount` adds to: the record a nested create's
   * path or a field names (`via`), its running total (`amount_refunded`) and the flag set once
   * all of its amount is moved (`refunded`), if it has one.
   */
  moves: Array<{ target: string; via: { parameter: string } | { field: string }; total: string; flag: string | null }>;
  /**
   * The secrets and tokens the server makes for a new record (a payment intent's
   * `client_secret`), each written on create from its `template`: `{id}` the new record's id,
   * `{random}` 24 random letters and digits drawn from the seed (`{id}_secret_{random}`).
   */
  secrets: Array<{ field: string; template: string }>;
  /** The parent's field counting these records (a comment created on an issue adds one to its `comments`), or null. */
  countedIn: { parent: string; parameter: string; field: string } | null;
  /** Fields that name a record to people (`name`, `title`, `label`): sample records after the first are numbered there (`Rex 2`) where one example would name them all alike. */
  naming: string[];
  /**
   * How a new record's id looks, learned from its id schema and then from the document's
   * examples of the record (`cus_` and 14 letters and digits, Twilio's `SM` and 32 hex digits).
   * Null where nothing is known: `<resource>_` and 16 base32 characters.
   */
  idForm: IdForm | null;
}

export const ID_KINDS = ['values', 'integer', 'digits', 'uuid', 'pattern', 'example', 'prefixed', 'named'] as const;

/**
 * How new ids are made, in terms the runtime follows without reading a schema. `kind` says how:
 * - `values`: the first of `values` (an `enum`) not taken;
 * - `integer`: the collection's next integer; `digits`: the same as text;
 * - `uuid`: a random UUID;
 * - `pattern`: a string matching `pattern`;
 * - `example`: one shaped like `example` (its prefix and punctuation kept, the rest drawn again);
 * - `prefixed`: `prefix` (may be empty) and `length` characters drawn from `alphabet`;
 * - `named`: `<resource>_` and 16 base32 characters.
 * Where an id so made does not satisfy the id's schema, the runtime tries `pattern`, then
 * `example`, then `<resource>_…`, then `length` base32 characters (12 where not given).
 */
export interface IdForm {
  kind: (typeof ID_KINDS)[number];
  values?: Array<string | number>;
  pattern?: string;
  example?: string;
  prefix?: string;
  alphabet?: string;
  length?: number;
  /**
   * `examples` where the form was learned from the document's examples of the record rather than
   * from the id's schema; `system` where from the real system's ids (a credential-backed build);
   * `override` where an `x-simplane-behaviour` override gave it (a learned form does not replace it).
   */
  from?: 'examples' | 'system' | 'override';
}

/**
 * A field written from the record's place when it is made: `template` with each `{parameter}`
 * of the item path replaced by the record's value of it (`https://github.com/{owner}/{repo}`,
 * `{owner}/{repo}`). A field whose parameters the create does not know is left as it is.
 */
export interface DerivedField {
  field: string;
  template: string;
}

export const PUT_MODES = ['replace', 'merge'] as const;
export const PATCH_MODES = ['merge', 'merge-patch', 'media-type', 'json-patch', 'content-type'] as const;

/** What a write operation does with its body (ArtifactOperation.write). */
export interface WritePlan {
  /** A PUT (a `replace`): the body replaces the record, or is merged into it. */
  put: (typeof PUT_MODES)[number];
  /**
   * An update: the body's fields are set on the record (`merge`), or applied as an RFC 7396
   * merge patch (`merge-patch`, nulls delete), or as an RFC 6902 JSON Patch (`json-patch`: a list
   * of `{op, path, value}`), or as the request's media type says (`media-type`: a merge patch
   * where it is `application/merge-patch+json`; `content-type`: that, or a JSON Patch where it
   * is `application/json-patch+json`).
   */
  patch: (typeof PATCH_MODES)[number];
  /**
   * For a create whose answer only refers to the new record (Autotask's `{"itemId": 13}`): the
   * answer's field that holds the new id. Absent where the answer is the record or its id alone.
   */
  reference?: string;
  /**
   * A merge patch's nulls remove what they name (RFC 7396), so a body sent as one is checked
   * against the schema without them; absent in older artifacts, whose merge patches were
   * checked as written.
   */
  patchNulls?: true;
  /** A PUT to an id that names no record creates it there. */
  createsMissing: boolean;
  /** The resource's actions a create applies unless its body says otherwise (a charge's `capture`), by their names squashed. */
  actsByDefault: string[];
  /**
   * A create whose body is a multipart form with a file part (OpenAI's `POST /files`): `part`,
   * the form part that carries the file, and the item fields that take the file's size in
   * bytes (`bytes`, `size`), its file name (`filename`, `name`) and its media type
   * (`content_type`), each where the form does not give the field itself. Absent where the
   * create takes no file or the record has no such field (and in artifacts before version 4).
   */
  upload?: { part: string; size?: string; name?: string; mediaType?: string };
  /**
   * Body fields the write keeps out of the record unless the record declares them: credentials
   * sent with it and fields that direct the request (`expand`, idempotency keys), by their names
   * squashed (`names`) or the endings of those (`endings`). A client may send them undeclared,
   * so they are named here rather than listed from the body's schema.
   */
  withheld?: { names: string[]; endings: string[] };
}

/** How an operation's calls travel. */
export const PROTOCOLS = ['rest', 'aws-json', 'aws-query', 'soap'] as const;
export type ProtocolName = (typeof PROTOCOLS)[number];
