import type { Artifact, ArtifactOperation, ArtifactResource } from '../artifact/artifact.js';
import type { Diagnostics } from '../diagnostics/diagnostics.js';
import type { ProtocolName } from '../artifact/behaviour.js';
import { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { withIdForm } from '../entities/entity.js';
import { countedIn, linkedParents } from './plan-counts.js';
import { Collections, planInherits, planNamedIds, planReferences } from './plan-references.js';
import { planRecords } from './plan-records.js';
import { planTally } from './plan-tally.js';
import { planMoves } from './plan-moves.js';
import type { RuntimeModel } from '../runtime/model.js';
import { squash } from '../infer/naming.js';
import { CREDENTIAL_PARAMETERS } from '../vocabulary/records.js';
import { planWrite, type Era } from './plan-writes.js';
import { markErrorRoles } from './plan-errors.js';
import { markValueHints } from './plan-values.js';
import { withCompoundKeys } from './plan-compound.js';
import { planAnswerArrays } from './plan-answers.js';

/**
 * The artifact with every decision about its records and writes made and kept beside its
 * resources and operations. `partial` names the operations whose description says they change
 * only the fields they are given. `era` picks the rules: a version 3 artifact is given the
 * decisions its own engine made while its requests ran. `stated` holds what the document says
 * in prose that the artifact does not keep; `diagnostics` hears of a document's own decisions
 * that cannot be followed.
 */
export function withPlans(given: Artifact, era: Era, stated: StatedFacts = {}, diagnostics?: Diagnostics): Artifact {
  const partial = stated.partial ?? new Set<string>();
  const registry = new SchemaRegistry(given);
  // Routes read by an owner and a name become the item paths of the collections they read.
  const compound = era >= 4 ? withCompoundKeys(registry, given) : null;
  const artifact = compound === null ? given : { ...given, resources: compound.resources, operations: compound.operations };
  const operationsById = new Map(artifact.operations.map((op) => [op.id, op]));
  const byResourceName = new Map(artifact.resources.map((resource) => [resource.name, resource]));
  const collections = new Collections(registry, artifact.resources);
  const parents = linkedParents(artifact.operations);
  const operationsOf = new Map<string, ArtifactOperation[]>();
  for (const op of artifact.operations) {
    if (op.resource === null) continue;
    const listed = operationsOf.get(op.resource);
    if (listed === undefined) operationsOf.set(op.resource, [op]);
    else listed.push(op);
  }
  const resources = artifact.resources.map((resource) => {
    const planned = planRecords(registry, resource, operationsById, era);
    const references = planReferences(registry, resource, collections);
    const namedIds = planNamedIds(registry, resource, references, collections);
    const inherits = planInherits(registry, resource, { ...references, ...namedIds }, planned.kept, byResourceName);
    const named = era >= 4 ? describedIdsOf(operationsOf.get(resource.name) ?? [], resource, stated.described) : [];
    if (named.length > 0) {
      // An id named as always there is the record's own (Box's root folder `0`); a word stands for one (`me`, `root`).
      planned.aliases = [...new Set([...planned.aliases, ...named.filter((id) => !/^\d+$/.test(id)).map((id) => id.toLowerCase())])];
      const ids = named.filter((id) => /^\d+$/.test(id));
      if (ids.length > 0) planned.wellKnownIds = ids;
    }
    const compoundKey = compound?.keys.get(resource.name);
    const keyed = compoundKey === undefined ? planned : { ...planned, alternateKeys: [...new Set([...planned.alternateKeys, compoundKey.field])], compoundKey };
    const records = { ...keyed, references, namedIds, inherits, countedIn: countedIn(registry, resource, byResourceName, parents) };
    return { ...resource, records, ...(resource.entity === undefined ? {} : { entity: withIdForm(resource.entity, records.idForm) }) };
  });
  // Moved amounts follow the references just planned, read as the runtime reads them.
  const referenced: RuntimeModel = { artifact: { ...artifact, resources }, registry, operations: operationsById, resources: new Map(resources.map((resource) => [resource.name, resource])) };
  for (const resource of resources) resource.records.moves = planMoves(referenced, resource);
  const byName = new Map(resources.map((resource) => [resource.name, resource]));
  const operations = artifact.operations.map((op): ArtifactOperation => {
    const resource = op.resource === null ? undefined : byName.get(op.resource);
    const tally = planTally(registry, op, artifact.resources);
    const answerArrays = era >= 4 && tally === null ? planAnswerArrays(registry, op, resource) : [];
    const credentials = op.parameters.filter((p) => p.required && (p.in === 'header' || p.in === 'query') && CREDENTIAL_PARAMETERS.includes(squash(p.name))).map((p) => p.name);
    return {
      ...op,
      protocol: protocolOf(op.path),
      write: planWrite(registry, op, resource, era, partial.has(op.id)),
      ...(tally === null ? {} : { tally }),
      ...(answerArrays.length === 0 ? {} : { answerArrays }),
      ...(credentials.length === 0 ? {} : { credentialParameters: credentials }),
    };
  });
  const planned = { ...artifact, resources, operations };
  // What the generator draws for a property and what a refusal writes into an error's fields
  // are kept on the schemas themselves, beside the property they are about.
  markValueHints(planned, registry, era, diagnostics);
  markErrorRoles(planned, registry, diagnostics);
  return planned;
}

/** What the document states in prose that the artifact does not keep: writes described as partial, ids described as always there. */
export interface StatedFacts {
  /** Operations whose description says they change only the fields they are given. */
  partial?: ReadonlySet<string>;
  /** Ids path parameters' descriptions name as always there, by operation and parameter. */
  described?: ReadonlyMap<string, Readonly<Record<string, readonly string[]>>>;
}

/** The ids the descriptions of a resource's id parameter name, over its operations. */
function describedIdsOf(operations: readonly ArtifactOperation[], resource: ArtifactResource, described: StatedFacts['described']): string[] {
  const parameter = resource.idParameter;
  if (described === undefined || described.size === 0 || parameter === null) return [];
  return [...new Set(operations.flatMap((op) => described.get(op.id)?.[parameter] ?? []))];
}

/**
 * The protocol an operation's calls speak, from the path the compiler gave it: SOAP operations
 * are `/#SOAP=<name>`, AWS JSON calls carry their `X-Amz-Target`, AWS query calls their `Action`.
 */
function protocolOf(path: string): ProtocolName {
  if (/^\/#SOAP=/.test(path)) return 'soap';
  if (path.includes('#X-Amz-Target=')) return 'aws-json';
  if (/#Action=[A-Za-z][A-Za-z0-9]*$/.test(path)) return 'aws-query';
  return 'rest';
}
