/**
 * An artifact's operations as tools for agents (core's OperationTools), as the build decided
 * them (ArtifactOperation.tool): listed with their schemas, each call turned into the request
 * its protocol sends (REST as the tool's call says, SOAP as an envelope of the operation's
 * binding) and its answer read back.
 */
import type { OperationTool, OperationTools, SimResponse } from '@simplane/core';
import type { Artifact, ArtifactOperation, ArtifactTool, ToolDefinitions, ToolSchemas } from '../../artifact/artifact.js';
import { soapAnswerOf, soapCallOf } from '../protocols/soap/soap-call.js';
import { restAnswerOf, restCallOf } from './rest-call.js';
import { standaloneSchema } from './tool-schema.js';

export function operationTools(artifact: Artifact, written: { definitions: ToolDefinitions; schemas: ReadonlyMap<string, ToolSchemas> }): OperationTools {
  const { definitions } = written;
  const offered = artifact.operations.flatMap((op) => {
    const schemas = written.schemas.get(op.id);
    return op.tool === undefined || op.tool === null || schemas === undefined ? [] : [{ op, tool: op.tool, schemas }];
  });
  const list: OperationTool[] = offered.map(({ op, tool, schemas }) => ({
    operation: op.id,
    name: tool.name,
    description: tool.description,
    readOnly: op.readOnly,
    inputSchema: standaloneSchema(schemas.input, definitions),
    outputSchema: schemas.output === null ? null : standaloneSchema(schemas.output, definitions),
  }));
  const byId = new Map<string, { op: ArtifactOperation; tool: ArtifactTool }>(offered.map((entry) => [entry.op.id, entry]));
  return {
    list,
    request(operation, args) {
      const found = byId.get(operation);
      if (found === undefined) return null;
      if (found.tool.rest !== undefined) return restCallOf(found.op, found.tool.rest, args);
      const call = soapCallOf(artifact, operation, args['body'] ?? {}, {});
      return call === null ? null : { method: 'POST', path: '/', query: '', headers: call.headers, body: call.body };
    },
    answer(operation, response: SimResponse) {
      const found = byId.get(operation);
      if (found === undefined || response.body === null) return undefined;
      if (found.tool.rest !== undefined) return restAnswerOf(response);
      const read = soapAnswerOf(artifact, operation, response.body);
      return 'value' in read ? read.value : undefined;
    },
  };
}
