import type { Json, JsonObject } from '../json.js';

/**
 * An operation offered as a tool for agents (the MCP endpoints), decided at build time
 * (tools/decide-tools.ts) and corrected by `x-simplane-tool`: the runtime lists it and turns
 * its arguments into a request as written here, reading no name of its own. Its JSON schemas
 * are not kept: they are the operation's own schemas written for a client (ToolSchemas), made
 * from the artifact when its tools are first listed, which spares every artifact a second copy
 * of its schemas.
 */
export interface ArtifactTool {
  /** Unique among the Simulator's tools: letters, digits, `_` and `-`, at most 64 characters. */
  name: string;
  /** What the document says it does and what the build understood; at most 2 KiB. */
  description: string;
  /** For a REST operation: where each argument goes in the request. Absent for SOAP, whose envelope is written from the WSDL. */
  rest?: RestToolCall;
}

/** An offered tool's schemas, made from the artifact (tools/decide-tools.ts `toolSchemas`). */
export interface ToolSchemas {
  /** The arguments: `{path, query, headers, body}` for REST, `{body}` for SOAP. */
  input: ToolSchema;
  /** What a success answers (`{status, body}`); null where no success answers JSON. */
  output: ToolSchema | null;
}

/**
 * A tool's JSON Schema: its root, and the definitions (ToolDefinitions) it carries as `$defs`,
 * so the schemas tools share are written once.
 */
export interface ToolSchema {
  /** References to definitions read `#/$defs/<Name>`. */
  root: JsonObject;
  /** The definitions it carries, by name, sorted; empty where it refers to none. */
  defs: string[];
  /**
   * True where some definitions it reaches were left out for size: in the definitions it
   * carries, a reference to one left out accepts any value, saying which schema it was (its
   * root was written so already).
   */
  trimmed?: true;
}

/** A REST tool's arguments as the request carries them. */
export interface RestToolCall {
  /** Path parameters, filled into the operation's path template. */
  path: string[];
  /** Query parameters and how each is written; an argument not named here is written as `form`, exploded. */
  query: { name: string; style: string; explode: boolean }[];
  /** Headers the tool sends, lower case: the operation's own and its credential's, never those a client writes itself. */
  headers: string[];
  /** The body's media type and how the argument is written in it; null where the operation takes none. */
  body: { media: string; as: 'json' | 'form' | 'text' } | null;
}

/** The definitions tools refer to, by name, as a client reads them: annotations left out, references `#/$defs/<Name>`. */
export type ToolDefinitions = Record<string, Json>;
