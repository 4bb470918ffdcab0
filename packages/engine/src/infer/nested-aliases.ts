import type { ArtifactOperation, ArtifactResource } from '../artifact/artifact.js';
import { linkedFields, withLinkedBy } from './linked-by.js';
import { sameRecords } from './same-records.js';
import type { SchemaLookup } from './schema-lookup.js';

/**
 * Merges a nested route that only creates and lists into the resource that reads the same
 * records at a shallower scope. GitHub creates an issue comment at
 * `/repos/{owner}/{repo}/issues/{issue_number}/comments` and reads, updates and deletes it at
 * `/repos/{owner}/{repo}/issues/comments/{comment_id}`: one collection per repository, whose
 * records remember the issue they were created under (the operations' `links`), so the
 * nested list answers that issue's. The shallower resource's collection path must be the
 * nested one with segments left out, among them every parameter it does not scope by (or, for
 * a resource read only by its item path, the path above it); both must keep records of one
 * kind (sameRecords); where several fit, the longest path (the nearest
 * relative: `/pulls/comments` before `/comments` for a pull request's comments) is taken.
 *
 * A nested route that only lists is merged too when its records name the parent in a field
 * (linked-by.ts): Asana creates a task at `/tasks` with `projects: [gid]` and lists it at
 * `/projects/{project_gid}/tasks`, JSONPlaceholder a comment at `/comments` with its `postId`.
 * Every merged list keeps the fields it finds its records by (ArtifactOperation.linkedBy).
 */
export function mergeNestedAliases(resources: ArtifactResource[], operations: ArtifactOperation[], lookup: SchemaLookup): ArtifactResource[] {
  const parents = new Set(resources.map((r) => r.parent));
  const byName = new Map(resources.map((r) => [r.name, r]));
  const merged = new Map<string, { into: ArtifactResource; links: string[]; linkedParent?: { name: string; parameter: string | null } }>();
  for (const nested of resources) {
    if (nested.kind !== 'collection' || nested.itemPath !== null || nested.collectionPath === null) continue;
    const listsOnly = nested.operations.create === undefined;
    if (listsOnly && (nested.operations.list === undefined || Object.keys(nested.operations).length !== 1 || nested.actions.length > 0)) continue;
    if (nested.keyField !== undefined || parents.has(nested.name)) continue;
    const into = bestAlias(nested, resources, lookup);
    if (into === null) continue;
    const links = nested.scopeParameters.filter((p) => !into.scopeParameters.includes(p));
    // Records no route creates under the parent are found only by the fields that name it.
    if (listsOnly && linkedFields(links, byName.get(nested.parent ?? '') ?? null, into, lookup).length !== links.length) continue;
    merged.set(nested.name, { into, links, ...(nested.parent === null ? {} : { linkedParent: { name: nested.parent, parameter: nested.parentParameter } }) });
  }
  if (merged.size === 0) return resources;
  for (let i = 0; i < operations.length; i += 1) {
    const op = operations[i]!;
    const target = op.resource === null ? undefined : merged.get(op.resource);
    if (target === undefined) continue;
    const linked = { ...op, resource: target.into.name, links: target.links, ...(target.linkedParent === undefined ? {} : { linkedParent: target.linkedParent }) };
    operations[i] = withLinkedBy(linked, byName.get(target.linkedParent?.name ?? '') ?? null, target.into, lookup);
    if (op.behaviour === 'create') target.into.operations.create ??= op.id;
  }
  return resources.filter((r) => !merged.has(r.name));
}

function bestAlias(nested: ArtifactResource, resources: ArtifactResource[], lookup: SchemaLookup): ArtifactResource | null {
  const segments = (nested.collectionPath as string).split('/').filter((s) => s !== '');
  const extra = nested.scopeParameters;
  let best: ArtifactResource | null = null;
  let bestLength = 0;
  for (const candidate of resources) {
    if (candidate === nested || candidate.kind !== 'collection' || candidate.itemPath === null || candidate.keyField !== undefined) continue;
    if (candidate.scopeParameters.length >= extra.length || !candidate.scopeParameters.every((p) => extra.includes(p))) continue;
    // A resource read only by its item path (Zoom's `/meetings/{meetingId}`) is collected at the path above it.
    const theirs = (candidate.collectionPath ?? candidate.itemPath).split('/').filter((s) => s !== '');
    if (candidate.collectionPath === null) theirs.pop();
    if (theirs.at(-1) !== segments.at(-1) || !leftOut(segments, theirs, extra.filter((p) => !candidate.scopeParameters.includes(p)))) continue;
    if (!sameRecords(candidate.itemSchema, nested.itemSchema, lookup)) continue;
    if (best === null || theirs.length > bestLength) {
      best = candidate;
      bestLength = theirs.length;
    }
  }
  return best;
}

/** Whether `shorter` is `longer` with some segments left out, the segments of `parameters` among them. */
function leftOut(longer: string[], shorter: string[], parameters: string[]): boolean {
  const dropped: string[] = [];
  let j = 0;
  for (const segment of longer) {
    if (j < shorter.length && shorter[j] === segment) j += 1;
    else dropped.push(segment);
  }
  return j === shorter.length && parameters.every((p) => dropped.includes(`{${p}}`));
}
