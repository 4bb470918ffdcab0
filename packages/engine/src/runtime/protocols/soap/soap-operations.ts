import type { ArtifactOperation, JsonSchema } from '../../../artifact/artifact.js';
import type { SoapModel, SoapOperation, SoapType, XmlQName } from '../../../artifact/soap.js';
import type { XmlElement } from '../../../xml/xml-tree.js';
import type { Refusal } from '../../answers/refusal-reason.js';
import type { RuntimeModel } from '../../model.js';

export type { SoapVersion } from './read-envelope.js';
import type { SoapVersion } from './read-envelope.js';

/** The SOAP versions whose bindings have an operation, 1.1 first. */
export function versionsOf(operation: SoapOperation): SoapVersion[] {
  return [...new Set(operation.bindings.map((b) => b.version))];
}

interface Index {
  byAction: Map<string, ArtifactOperation[]>;
  byElement: Map<string, ArtifactOperation[]>;
  byLocal: Map<string, ArtifactOperation[]>;
}

/** A SOAP operation, the schemas its messages refer to and the types `xsi:type` may name, by the artifact operation it answers. */
interface Described {
  operation: SoapOperation;
  schemas: Record<string, JsonSchema>;
  types?: Record<string, SoapType>;
}
const described = new WeakMap<ArtifactOperation, Described>();
const indexes = new WeakMap<SoapModel, Index>();

const keyOf = (name: XmlQName): string => `{${name.ns}}${name.local}`;

function push(map: Map<string, ArtifactOperation[]>, key: string, operation: ArtifactOperation): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [operation]);
  else if (!list.includes(operation)) list.push(operation);
}

/** The model's SOAP operations indexed by action and by body element, built once per artifact. */
function indexOf(model: RuntimeModel, soap: SoapModel): Index {
  let index = indexes.get(soap);
  if (index !== undefined) return index;
  index = { byAction: new Map(), byElement: new Map(), byLocal: new Map() };
  for (const [id, operation] of Object.entries(soap.operations)) {
    const artifactOperation = model.operations.get(id);
    if (artifactOperation === undefined) continue;
    described.set(artifactOperation, { operation, schemas: model.artifact.schemas, ...(soap.types === undefined ? {} : { types: soap.types }) });
    for (const binding of operation.bindings) if (binding.action !== null) push(index.byAction, binding.action, artifactOperation);
    push(index.byElement, keyOf(operation.input.element), artifactOperation);
    push(index.byLocal, operation.input.element.local, artifactOperation);
  }
  indexes.set(soap, index);
  return index;
}

/** Whether a body element is the operation's input: by namespace and name, or by name alone (a client that got the namespace wrong); an empty body for an operation without input. */
function takes(operation: SoapOperation, payload: XmlElement | null): boolean {
  const element = operation.input.element;
  if (payload === null) return element.local === '';
  return payload.local === element.local;
}

/** The SOAP operation an artifact operation answers, once its model has been indexed (every call decodes first). */
export function soapOperationOf(operation: ArtifactOperation): Described | null {
  return described.get(operation) ?? null;
}

/**
 * The operation a call names: by its action where that names one operation (the body element
 * tells apart operations sharing an action), else by the body's element, else by the element's
 * local name alone where only one operation has it (a client that got the namespace wrong).
 */
export function findOperation(
  model: RuntimeModel,
  soap: SoapModel,
  version: SoapVersion,
  action: string | null,
  payload: XmlElement | null,
): { operation: ArtifactOperation; soapOperation: SoapOperation } | { refusal: Refusal } {
  const index = indexOf(model, soap);
  const byElement = payload === null ? [] : (index.byElement.get(`{${payload.ns}}${payload.local}`) ?? []);
  const byAction = action === null ? [] : (index.byAction.get(action) ?? []);
  let candidates = byAction.length > 0 ? byAction : byElement;
  if (byAction.length > 0) {
    // The action names the operation; its body must be that operation's input, as a server
    // dispatching by action reads it (a client never means another call than it names).
    candidates = byAction.filter((op) => takes(described.get(op)!.operation, payload));
    if (candidates.length === 0) {
      const expected = described.get(byAction[0]!)!.operation;
      const wanted = expected.input.element.local === '' ? 'an empty body' : `<${expected.input.element.local}>`;
      return { refusal: { status: 400, code: 'operation_mismatch', message: `the action ${action} names ${expected.name}, which takes ${wanted}, not ${payload === null ? 'an empty body' : `<${payload.name}>`}` } };
    }
  }
  if (candidates.length === 0 && payload !== null) candidates = index.byLocal.get(payload.local) ?? [];
  const bound = candidates.filter((op) => versionsOf(described.get(op)!.operation).includes(version));
  const chosen = bound[0] ?? candidates[0];
  if (chosen === undefined) {
    const named = [action === null ? null : `action ${action}`, payload === null ? null : `body element ${payload.name}`].filter((x) => x !== null).join(' or ');
    return { refusal: { status: 400, code: 'operation_unknown', message: `no operation of the service takes ${named === '' ? 'an empty body' : named}` } };
  }
  const soapOperation = described.get(chosen)!.operation;
  if (bound.length === 0) {
    return { refusal: { status: 400, code: 'version_mismatch', message: `${soapOperation.name} is bound to SOAP ${versionsOf(soapOperation).join(' and ')}, not SOAP ${version}` } };
  }
  return { operation: chosen, soapOperation };
}
