/**
 * Each operation's tool for agents, decided at build time and kept in the artifact
 * (ArtifactOperation.tool): its name, its description from the document and from what the build
 * understood, and for REST where each argument goes. Its schemas, the input made of its
 * parameters and body and the output of its success answers, are written from the artifact
 * when the tools are first listed (`toolSchemas`). Calls travel as the operation's
 * protocol says: REST as its method, path, query, headers and body; SOAP as an envelope of its
 * first binding. Operations of the AWS protocols are not offered (their calls are named in
 * headers and bodies a client library writes). `x-simplane-tool` renames, describes or hides one.
 */
import { toolName, uniqueNames } from '@simplane/core';
import type { Artifact, ArtifactOperation, ArtifactTool, JsonSchema, ToolDefinitions, ToolSchemas } from '../artifact/artifact.js';
import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { isObject, type Json, type JsonObject } from '../json.js';
import type { OperationOverride } from '../normalise/model.js';
import { restTool } from './rest-tool.js';
import { readToolOverrides, toolOverrideInvalid, type ToolOverride } from './tool-overrides.js';
import { ToolDefinitionCopies, ToolSchemaWriter } from './tool-schemas.js';

/** Longest description offered: a document's summary can be a page. */
const MAX_DESCRIPTION = 2048;

/**
 * The artifact with every operation's tool, or null where it is not offered. Without
 * diagnostics (toolsAsOffered), overrides are none and nothing is reported.
 */
export function withTools(artifact: Artifact, diagnostics: Diagnostics | null, declared: readonly OperationOverride[]): Artifact {
  const overrides = diagnostics === null ? new Map<string, ToolOverride>() : readToolOverrides(declared, diagnostics);
  const offered = artifact.operations.filter((op) => {
    const override = overrides.get(op.id);
    if (offerable(artifact, op)) return override?.offered !== false;
    if (override?.offered === true && diagnostics !== null) toolOverrideInvalid(diagnostics, op.id, `${override.location}.offered`, `offers an operation whose calls a client library writes itself (${op.protocol})`);
    return false;
  });
  const names = toolNames(offered, overrides, diagnostics);
  const tools = new Map(offered.map((op, i): [string, ArtifactTool] => [op.id, decideTool(artifact, op, names[i]!, overrides.get(op.id))]));
  // The document's description was kept only to be said to agents: the tool says it now.
  const operations = artifact.operations.map(({ description: _said, ...op }) => ({ ...op, tool: tools.get(op.id) ?? null }));
  return { ...artifact, operations };
}

/**
 * The schemas of the artifact's offered tools, by operation, and the definitions they carry,
 * each written once: the operations' own schemas as a client reads them. Made when the tools
 * are first listed, from the artifact alone, so every engine writes them the same.
 */
export function toolSchemas(artifact: Artifact): { definitions: ToolDefinitions; schemas: Map<string, ToolSchemas> } {
  const definitions = new ToolDefinitionCopies(artifact.schemas);
  const schemas = new Map<string, ToolSchemas>();
  for (const op of artifact.operations) {
    if (op.tool === undefined || op.tool === null) continue;
    schemas.set(op.id, { input: inputSchema(artifact, op, definitions), output: outputSchema(op, new ToolSchemaWriter(definitions)) });
  }
  return { definitions: definitions.used, schemas };
}

/**
 * An artifact built before tools were kept, given them as its engine offered them: by the same
 * rules, with no override. Made when first asked for (most Simulators are never offered as
 * tools, and a large API's take a tenth of a second); an artifact that keeps them is answered as it is.
 */
export function toolsAsOffered(artifact: Artifact): Artifact {
  return artifact.operations.some((op) => op.tool !== undefined) ? artifact : withTools(artifact, null, []);
}

/** REST operations, and SOAP ones the WSDL binds. */
function offerable(artifact: Artifact, op: ArtifactOperation): boolean {
  const protocol = op.protocol ?? 'rest';
  return protocol === 'rest' || (protocol === 'soap' && artifact.soap?.operations[op.id] !== undefined);
}

/**
 * Each offered operation's name: the one its override gives, where that is no other's, else one
 * made from its id (tool-names.ts), unique among the Simulator's tools, in the artifact's order.
 */
function toolNames(offered: readonly ArtifactOperation[], overrides: ReadonlyMap<string, ToolOverride>, diagnostics: Diagnostics | null): string[] {
  const chosen = new Map<string, string>();
  const taken = new Set<string>();
  for (const op of offered) {
    const override = overrides.get(op.id);
    if (override?.name === undefined) continue;
    if (taken.has(override.name)) {
      if (diagnostics !== null) toolOverrideInvalid(diagnostics, op.id, `${override.location}.name`, `gives the name \`${override.name}\`, which another operation's tool has already`);
      continue;
    }
    taken.add(override.name);
    chosen.set(op.id, override.name);
  }
  const defaults = uniqueNames(offered.filter((op) => !chosen.has(op.id)).map((op) => toolName(op.id)), taken);
  let next = 0;
  return offered.map((op) => chosen.get(op.id) ?? defaults[next++]!);
}

function decideTool(artifact: Artifact, op: ArtifactOperation, name: string, override: ToolOverride | undefined): ArtifactTool {
  const description = override?.description === undefined ? describe(op) : cut(override.description.trim(), MAX_DESCRIPTION);
  if ((op.protocol ?? 'rest') !== 'rest') return { name, description };
  const { call } = restTool(artifact, op, null);
  return { name, description, rest: call };
}

/** What a tool takes: for REST the groups of its call, for SOAP `{body}`, the request message's content. */
function inputSchema(artifact: Artifact, op: ArtifactOperation, definitions: ToolDefinitionCopies): ToolSchemas['input'] {
  const writer = new ToolSchemaWriter(definitions);
  if ((op.protocol ?? 'rest') === 'rest') return writer.finish(restTool(artifact, op, writer).input);
  const body = writer.part(soapInputSchema(artifact, op));
  const root: JsonObject = {
    type: 'object',
    properties: { body: { ...(isObject(body) ? body : {}), description: 'The request message\'s content, as JSON: the envelope, namespaces and SOAPAction are written from the WSDL.' } },
    required: ['body'],
    additionalProperties: false,
  };
  return writer.finish(root);
}

/** The document's summary and description, then how the call travels, what the build understood it to do and whether it can write. */
function describe(op: ArtifactOperation): string {
  const how = op.protocol === 'soap' ? `SOAP operation ${op.id}` : `${op.method} ${op.path}`;
  const what = op.resource === null ? op.behaviour : `${op.behaviour} on ${op.resource}`;
  const writes = op.readOnly ? 'Read-only.' : 'Can change the Simulation\'s state (recorded as a step).';
  const said = [op.summary?.trim() ?? '', op.description ?? ''].filter((text, i, all) => text !== '' && all.indexOf(text) === i);
  const facts = `${how} (${what}). ${writes}`;
  // The facts always fit: what the document says is cut to leave room for them.
  const prose = said.join('\n\n');
  return prose === '' ? facts : `${cut(prose, MAX_DESCRIPTION - facts.length - 2)}\n\n${facts}`;
}

function cut(text: string, room: number): string {
  return text.length > room ? `${text.slice(0, room - 1)}…` : text;
}

/** What a success answers: `{status, body}`, the body as any of the success answers' JSON schemas. */
function outputSchema(op: ArtifactOperation, writer: ToolSchemaWriter): ToolSchemas['output'] {
  const schemas: JsonSchema[] = [];
  const seen = new Set<string>();
  for (const [status, response] of Object.entries(op.responses)) {
    if (!/^2(\d\d|XX)$/.test(status)) continue;
    for (const [media, entry] of Object.entries(response.content)) {
      const json = op.protocol === 'soap' || media === 'application/json' || media.endsWith('+json');
      const text = JSON.stringify(entry.schema);
      if (json && entry.schema !== null && !seen.has(text)) {
        seen.add(text);
        schemas.push(entry.schema);
      }
    }
  }
  if (schemas.length === 0) return null;
  const body: Json = schemas.length === 1 ? writer.part(schemas[0]!) : { anyOf: schemas.map((s) => writer.part(s)) };
  return writer.finish({
    type: 'object',
    properties: { status: { type: 'integer', description: 'The HTTP status the API answered.' }, body },
    required: ['status'],
  });
}

/**
 * The request element's content, as the call writes it: the message's own schema, or, for an
 * element holding one simple value, the object of its one field the operation reads.
 */
function soapInputSchema(artifact: Artifact, op: ArtifactOperation): JsonSchema | null {
  const message = artifact.soap?.operations[op.id]?.input;
  if (message !== undefined && message.field === undefined) return message.schema;
  return Object.values(op.requestBody?.content ?? {})[0]?.schema ?? null;
}
