import type { Artifact } from '../artifact/artifact.js';
import { listShapeV3 } from '../infer/list-upgrade.js';
import { linkedByAsMatched } from './linked-by-upgrade.js';
import { withPlans } from './plan-artifact.js';

/**
 * A version 3 artifact as version 4 reads it: the decisions its engine made while requests ran
 * are made once, by that engine's rules, and kept beside it in memory (how records are filled
 * and written, how lists page, which fields a nested list finds its records by); its bytes and
 * digest stay as they were.
 */
export function upgradeV3(artifact: Omit<Artifact, 'version'> & { version: 3 }): Artifact {
  const operations = artifact.operations.map((op) => (op.list === null ? op : { ...op, list: listShapeV3(op.list) }));
  return withPlans(linkedByAsMatched({ ...artifact, operations, version: 4 }), 3);
}
