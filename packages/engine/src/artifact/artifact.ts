import type { OperationBehaviour } from '@simplane/core';
import type { Json } from '../json.js';
import type { RouteNode } from './route-index.js';
import type { SoapModel } from './soap.js';
import type { ProtocolName, RecordPlan, WritePlan } from './behaviour.js';
export type { DerivedField, FieldFill, IdForm, ProtocolName, RecordPlan, StatePlan, TimeForm, WritePlan } from './behaviour.js';
import type { ArtifactTool } from './tool.js';
import type { ListShape } from './list-shape.js';
export type { ListShape, SearchDialect, SearchOperator } from './list-shape.js';
export type { ArtifactTool, RestToolCall, ToolDefinitions, ToolSchema, ToolSchemas } from './tool.js';

/**
 * The compiled, declarative model of an API: everything a runtime needs, nothing it must
 * re-derive from the document. Versioned so a runtime can refuse an artifact it does not know;
 * serialised with sorted keys so the same document always gives the same bytes and digest.
 */
export const ARTIFACT_FORMAT = 'simplane.artifact';
export const ARTIFACT_VERSION = 4;

import type { JsonSchema } from './json-schema.js';
export type { JsonSchema } from './json-schema.js';

export const HTTP_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** An array of a computed answer that holds items (ArtifactOperation.answerArrays). */
export interface AnswerArray {
  path: string[];
  min: number;
}

export interface ArtifactParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: JsonSchema;
  /** Serialisation, defaults resolved: form/simple/label/matrix/spaceDelimited/pipeDelimited/deepObject. */
  style: string;
  explode: boolean;
}

export interface NamedExample {
  name: string;
  value: Json;
}

export interface MediaTypeEntry {
  schema: JsonSchema | null;
  /** In document order; a single `example` is named `example`. */
  examples: NamedExample[];
  /**
   * For a form body (`application/x-www-form-urlencoded`, `multipart/form-data`): how its
   * fields travel, by property, as 3.x's `encoding` and 2.0's `formData` parameters declare it.
   * Absent where nothing is declared, and in artifacts built before it was kept.
   */
  encoding?: Record<string, FormFieldEncoding>;
}

/** How one form field travels (MediaTypeEntry.encoding); each member only where the document says it. */
export interface FormFieldEncoding {
  /** The media types its value may come in (`application/json`: a JSON text, read before it is checked). */
  contentType?: string;
  /** false: an urlencoded value may not carry RFC 3986 reserved characters unencoded. */
  allowReserved?: boolean;
  /** false: the field may not be sent empty; true: sent empty, it counts as not sent. */
  allowEmptyValue?: boolean;
  /**
   * For an array field sent as one value: the text between its items (`,` for 2.0's `csv`, its
   * default, and 3.x's unexploded `form` style; ` `, `\t`, `|`). Absent where each item is a field of its own.
   */
  delimiter?: string;
}

export interface ArtifactRequestBody {
  required: boolean;
  content: Record<string, MediaTypeEntry>;
}

export interface ArtifactHeader {
  required: boolean;
  schema: JsonSchema | null;
}

export interface ArtifactResponse {
  description: string;
  headers: Record<string, ArtifactHeader>;
  content: Record<string, MediaTypeEntry>;
}

/**
 * How a request proves who it is. oauth2 and openIdConnect are checked as bearer tokens; any
 * other HTTP scheme (`digest`, `negotiate`, a custom one) by its `Authorization` scheme.
 */
export type ArtifactSecurityScheme =
  | { type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string }
  | { type: 'basic' }
  | { type: 'bearer'; source: 'http' | 'oauth2' | 'openIdConnect' }
  | ArtifactHttpScheme;

/**
 * An HTTP authentication scheme other than Basic and Bearer (RFC 9110 section 11), kept from
 * version 4 on; older artifacts left such requirements out, unchecked.
 */
export interface ArtifactHttpScheme {
  type: 'http';
  /** The scheme's name as `Authorization` carries it (`Digest`), compared without case. */
  scheme: string;
  /** The `WWW-Authenticate` challenge a request without its credentials is answered with. */
  challenge: string;
  /** The auth-params its credentials must carry (Digest's `username`, `realm`, `nonce`, `uri`, `response`). */
  params: string[];
}

export interface ArtifactOperation {
  /** operationId, or `METHOD /path` when the document gives none. Unique in the artifact. */
  id: string;
  operationId: string | null;
  method: HttpMethod;
  /** Path template as written, without the server base path. */
  path: string;
  summary: string | null;
  /**
   * The document's description of the operation, cut at 1 KiB, in artifacts built before tools
   * were kept (`tool`), whose tools are made from it; absent where it gives none. An artifact
   * that keeps tools says it in the tool's description only.
   */
  description?: string;
  tags: string[];
  deprecated: boolean;
  parameters: ArtifactParameter[];
  requestBody: ArtifactRequestBody | null;
  /** Keyed by status (`200`, `2XX`) or `default`. */
  responses: Record<string, ArtifactResponse>;
  /** Alternatives, each a list of scheme names that must all be satisfied; [] means open. */
  security: string[][];
  behaviour: OperationBehaviour;
  resource: string | null;
  /** True exactly when the operation cannot change state. */
  readOnly: boolean;
  /** For `list` operations only. */
  list: ListShape | null;
  /** For `action` operations: the action's name and the state it moves the record to, when clear. */
  action: ArtifactAction | null;
  /**
   * For an operation whose answer is computed from its schema rather than a record (a `static`
   * read, an action answering no record): the arrays of its success answer that hold at least
   * `min` items (1, or the array's `minItems`), by their property path from the answer (`[]` for
   * an answer that is a list). A computation that answers a list of results answers at least
   * one. Absent where there are none, and in artifacts before version 4.
   */
  answerArrays?: AnswerArray[];
  /**
   * Path parameters of a nested route to a resource kept at a shallower scope (GitHub's
   * `issue_number` in `/issues/{issue_number}/comments`, for comments kept per repository): a
   * create remembers their values for its record, a list answers the records that have them.
   */
  links?: string[];
  /** With `links`: the parent the nested route names and its path parameter, checked as a nested resource's parent is. */
  linkedParent?: { name: string; parameter: string | null };
  /**
   * For a list with `links`: the item fields that name the parent, one per link parameter that
   * has one (Asana's task `projects` for `/projects/{project_gid}/tasks`). A record whose create
   * did not remember the route's values is listed when each parameter's field holds the path's
   * value; a parameter without a field lists none such. Absent in artifacts built before it was
   * kept, and given to them when read, as their engine matched: the field named as the parameter.
   */
  linkedBy?: ArtifactLink[];
  /** For a delete: the boolean fields of its answer that say it went through (`deleted`, `success`), answered true. */
  acknowledges?: string[];
  /**
   * Required header or query parameters that carry the caller's credential (Slack's `token`,
   * Google's `key`), which a request's `Authorization` header answers in their place, as those
   * APIs accept. Absent where the operation has none.
   */
  credentialParameters?: string[];
  /** For a static read that answers a count of a collection's records by a field (`GET /store/inventory`): what it counts. */
  tally?: ArtifactTally;
  /** How its calls travel (version 4; given to older artifacts when read). */
  protocol?: ProtocolName;
  /** For a create, replace or update of a resource: what it does with its body (version 4; given to older artifacts when read). */
  write?: WritePlan | null;
  /**
   * For a GET method of an API whose paths name its methods (Slack's `/conversations.list`),
   * whose clients POST every method: a POST to its path with its parameters in a body of one of
   * these media types (or in the query) is answered as this GET, read-only (version 4; absent
   * in older artifacts, where such a POST answers 405).
   */
  rpcPost?: { media: string[] };
  /** Its tool for agents; null where it is not offered. Absent in artifacts built before tools were decided at build time, and given to them when read. */
  tool?: ArtifactTool | null;
}

/** An item field that names the parent a nested list's path parameter holds the id of. */
export interface ArtifactLink {
  /** The path parameter (`project_gid`). */
  parameter: string;
  /** The item field (`projects`). */
  field: string;
  /** True when the field holds a list, which names the parent when one of its items does. */
  many: boolean;
  /** For objects (`{gid, name}`): the field of each that holds the id; absent for texts and numbers, compared as text. */
  key?: string;
}

/** A count of a collection's records by the value of one of their enumerated fields (ArtifactOperation.tally). */
export interface ArtifactTally {
  /** The top-level collection counted. */
  resource: string;
  field: string;
  /** The field's enumerated values, in the document's order: each answered, 0 where no record holds it. */
  values: string[];
}

export interface ArtifactAction {
  name: string;
  /** The item field holding the state (e.g. `status`) and the value the action sets, when clear. */
  stateField: string | null;
  targetState: string | null;
  /** A boolean item field the action sets, and to what: `merged` true for merge, `locked` false for unlock. */
  flag?: { field: string; value: boolean };
}

/** Version 1's inferred time-based behaviour, read as an inferred LifecycleRule (lifecycle/upgrade-v1.ts). */
export interface LifecycleHint {
  kind: 'expiry';
  /** A date-time field of the item, e.g. `expires_at`. */
  timeField: string;
  stateField: string;
  /** The value the state takes once the time has passed, e.g. `expired`. */
  value: string;
}

/**
 * What time does to a resource's records: declared in the document (`x-simplane-lifecycle` on
 * the item schema, docs/clock.md) or inferred by the compiler. A rule falls due at a time field
 * of the record (`at`), or a duration after one (`after` from `from`); it then sets fields
 * (`set`) or deletes the record (`delete`), where `when` holds. Exactly one of `at` and
 * `after`, and of `set` and `delete`, is given.
 */
export interface LifecycleRule {
  /** Unique within the resource; an Overlay names a rule to change it or switch it off. */
  name: string;
  source: 'declared' | 'inferred';
  /** What an event of the rule is called: `expiry` (a state took its end value, inferred), `set` or `delete`. */
  type: 'expiry' | 'set' | 'delete';
  /** A time field (date-time, date, or epoch seconds) whose value is the due time. */
  at: string | null;
  /** An ISO 8601 duration (`P30D`, `PT1H`, `P1Y2M`) added to the `from` field's time. */
  after: string | null;
  from: string | null;
  /** Field values written when the rule fires; each fits the item schema. */
  set: Record<string, Json> | null;
  delete: boolean;
  /** Fires only where each named field holds one of its values. */
  when: Record<string, Json[]> | null;
}

export interface ArtifactResource {
  /** Dotted by nesting: `users`, `users.orders`. */
  name: string;
  kind: 'collection' | 'singleton';
  /** The collection (or singleton) path template; null when only the item path exists. */
  collectionPath: string | null;
  itemPath: string | null;
  /** The item path's last parameter. */
  idParameter: string | null;
  /** The item schema's identifying field (id, uuid, <name>Id ...), null when none is clear. */
  idField: string | null;
  /** The parent resource of a nested collection or singleton, and the path parameter naming it. */
  parent: string | null;
  parentParameter: string | null;
  /** Path parameters, in order, that scope the records (all of the collection path's). */
  scopeParameters: string[];
  itemSchema: JsonSchema | null;
  /** Operation IDs by behaviour. */
  operations: Partial<Record<'create' | 'list' | 'read' | 'replace' | 'update' | 'delete', string>>;
  actions: string[];
  /** In order: inferred rules first, then declared ones; an event's ties are broken by this order. */
  lifecycle: LifecycleRule[];
  /**
   * The entity the records are, where Simulators may share it: a top-level collection whose
   * item schema is a named component with an id field. Its sample records are seeded from
   * (seed, schema, idField, digest, index) alone, so two Simulators holding the same schema seed
   * the same records from one seed. Null elsewhere, and in artifacts before version 3, whose
   * records are seeded per collection as they were.
   */
  entity: ArtifactEntity | null;
  /**
   * True for the party the API scopes most of itself by (Twilio's `/Accounts/{AccountSid}/...`):
   * the one a client's credentials belong to. Records nested under it need no record of it.
   */
  tenant?: true;
  /**
   * The field of a single-record answer that holds the record (`{"droplet": {...}}`,
   * `{"data": {...}}`) when the read wraps what the list answers bare; absent when answers are
   * the record itself.
   */
  recordField?: string;
  /**
   * For a resource whose calls name their record in the request instead of the path (Slack's
   * `/conversations.info?channel=C1`, Plaid's `{"transfer_id": ...}`): the query parameter or
   * body field holding the record's id.
   */
  keyField?: string;
  /**
   * The field of a write's body that holds the record when writes wrap it and answers do not
   * (Magento's `{"data": {...}, "storeId": 1}`); absent when bodies are the record itself.
   */
  bodyField?: string;
  /** What writes do to its records besides what the client sends (version 4; given to older artifacts when read). */
  records?: RecordPlan;
}

/** A shared entity (ArtifactResource.entity). */
export interface ArtifactEntity {
  /** The component schema's name (`Customer`, from `#/components/schemas/Customer` or 2.0's `#/definitions/Customer`). */
  schema: string;
  idField: string;
  /**
   * `sha256:<hex>` of the canonical JSON of the normalised schema, every schema it refers to,
   * and the schemas of the item path's id parameter: what the seeded records are made from.
   */
  digest: string;
}

/** The document's own error answers, so the runtime replies in the API's format. */
export interface ErrorFormat {
  mediaType: string;
  schema: JsonSchema | null;
  /**
   * The document's example of this error, which a refusal answered in this format starts from
   * (version 4, infer/error-examples.ts). Absent where the document gives none, and in older
   * artifacts, whose refusals fill the schema as their engine did.
   */
  example?: ErrorExample;
  /** The operations whose own example of this error differs from `example`, by operation id. */
  operationExamples?: Record<string, ErrorExample>;
}

/** An error example (ErrorFormat.example) and the fields of it that a refusal writes. */
export interface ErrorExample {
  /** The example as the document gives it; what `fills` names no path of is answered as given. */
  value: Json;
  /**
   * The status the example documents (its response's, else its status field's); it answers only
   * refusals of that status. Null for an example of `default`, a range or a schema that does
   * not say, which answers every refusal in the format.
   */
  status: number | null;
  /**
   * Fields of the value, by path (property names and array indexes), that a refusal writes:
   * `message` its own sentence, `status` its status (as a number or a text, as the example
   * writes it), `field` the field it is about (left out where it names none and `optional`),
   * `omit` left out (a value the document's examples give differently from operation to
   * operation, for an operation that gives none of its own).
   */
  fills: { path: (string | number)[]; with: 'message' | 'status' | 'field' | 'omit'; optional?: true }[];
}

export interface Artifact {
  format: typeof ARTIFACT_FORMAT;
  version: typeof ARTIFACT_VERSION;
  spec: { kind: 'openapi' | 'wsdl'; version: string; title: string; apiVersion: string };
  /** Server base paths, `''` for the root; requests may carry any of them or none. */
  basePaths: string[];
  schemas: Record<string, JsonSchema>;
  securitySchemes: Record<string, ArtifactSecurityScheme>;
  operations: ArtifactOperation[];
  routes: RouteNode;
  resources: ArtifactResource[];
  /** By status (`400`, `401`, `404`, `422`, ...) or `default`. */
  errorFormats: Record<string, ErrorFormat>;
  /** For a Simulator built from a WSDL: how its operations travel as SOAP (artifact/soap.ts). */
  soap?: SoapModel;
}
