import type { ArtifactResource } from '../../artifact/artifact.js';
import { setOwn } from '../../json.js';

/**
 * A call's path parameters with its resource's compound key stand-ins filled both ways
 * (RecordPlan.compoundKey): a read of `/repos/{owner}/{repo}` names the `org` its records are
 * kept under, a create under `/orgs/{org}/repos` the `owner` its addresses are made of.
 */
export function withStandIns(resource: ArtifactResource | undefined, params: Record<string, string>): Record<string, string> {
  const scope = resource?.records?.compoundKey?.scope;
  if (scope === undefined) return params;
  const out: Record<string, string> = { ...params };
  for (const [own, scoped] of Object.entries(scope)) {
    if (!Object.hasOwn(out, own) && Object.hasOwn(out, scoped)) setOwn(out, own, out[scoped]!);
    else if (!Object.hasOwn(out, scoped) && Object.hasOwn(out, own)) setOwn(out, scoped, out[own]!);
  }
  return out;
}
