import { Diagnostics, SpecificationRejected } from '../diagnostics/diagnostics.js';
import { formatLocation } from '../diagnostics/location.js';
import { field, isObject, type Json } from '../json.js';
import { parseText } from '../parse/parse-document.js';

export interface OverlayAction {
  target: string;
  update: Json | undefined;
  remove: boolean;
  index: number;
}

function invalid(diagnostics: Diagnostics, label: string, path: (string | number)[], message: string): void {
  diagnostics.error('overlay_invalid', { location: path.length === 0 ? label : `${label}.${formatLocation(path)}` }, message);
}

/**
 * Parses and checks an OpenAPI Overlay 1.0 document with the same hostile-input guards as the
 * main document, answering its actions in order.
 */
export function readOverlay(bytes: Uint8Array, label: string): OverlayAction[] {
  const diagnostics = new Diagnostics();
  let value: Json;
  try {
    value = parseText(bytes, label).value;
  } catch (error) {
    if (!(error instanceof SpecificationRejected)) throw error;
    // Report parse problems of the overlay under the overlay's own rule, keeping the reason.
    for (const issue of error.issues) diagnostics.error('overlay_invalid', { location: issue.location || label }, `The overlay cannot be read: ${issue.message}`);
    diagnostics.rejectIfErrors();
    return [];
  }
  if (!isObject(value)) invalid(diagnostics, label, [], 'The overlay must be an object.');
  const version = field(value, 'overlay');
  if (typeof version !== 'string' || !/^1\.\d+\.\d+$/.test(version)) invalid(diagnostics, label, ['overlay'], 'The `overlay` field must be a 1.x.y version string, e.g. "1.0.0".');
  const info = field(value, 'info');
  if (!isObject(info) || typeof info['title'] !== 'string' || typeof info['version'] !== 'string') invalid(diagnostics, label, ['info'], '`info` must be an object with string `title` and `version`.');
  const actions = field(value, 'actions');
  if (!Array.isArray(actions) || actions.length === 0) invalid(diagnostics, label, ['actions'], '`actions` must be a non-empty array.');
  const out: OverlayAction[] = [];
  (Array.isArray(actions) ? actions : []).forEach((action, index) => {
    const target = field(action, 'target');
    const update = field(action, 'update');
    const remove = field(action, 'remove');
    if (!isObject(action)) return invalid(diagnostics, label, ['actions', index], 'Each action must be an object.');
    if (typeof target !== 'string' || !target.startsWith('$')) return invalid(diagnostics, label, ['actions', index, 'target'], '`target` must be a JSONPath expression starting with `$`.');
    if (remove !== undefined && typeof remove !== 'boolean') return invalid(diagnostics, label, ['actions', index, 'remove'], '`remove` must be a boolean.');
    if (remove !== true && update === undefined) return invalid(diagnostics, label, ['actions', index], 'An action needs `update` or `remove: true`.');
    out.push({ target, update, remove: remove === true, index });
  });
  diagnostics.rejectIfErrors();
  return out;
}
