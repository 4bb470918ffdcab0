import { isToolName, MAX_TOOL_NAME } from '@simplane/core';
import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { isObject, type Json } from '../json.js';
import type { OperationOverride } from '../normalise/model.js';

/** The extension that corrects an operation's tool (docs/mcp.md). */
export const TOOL_EXTENSION = 'x-simplane-tool';

/** What an operation's `x-simplane-tool` says, each part only where it could be used. */
export interface ToolOverride {
  name?: string;
  description?: string;
  offered?: boolean;
  /** Where the extension is, for warnings. */
  location: string;
}

const KEYS = ['name', 'description', 'offered'];

/**
 * Reads the operations' `x-simplane-tool` extensions, by operation id. A part that cannot be
 * used is reported as `tool_override_invalid` and left out: the build's own decision stands there.
 */
export function readToolOverrides(declared: readonly OperationOverride[], diagnostics: Diagnostics): Map<string, ToolOverride> {
  const out = new Map<string, ToolOverride>();
  for (const { operation, location, value } of declared) {
    const warn = (at: string, why: string) => toolOverrideInvalid(diagnostics, operation, at, why);
    if (!isObject(value)) {
      warn(location, `is ${shown(value)}, not an object of \`name\`, \`description\` and \`offered\``);
      continue;
    }
    const override: ToolOverride = { location };
    for (const [key, inner] of Object.entries(value)) {
      const at = `${location}.${key}`;
      if (!KEYS.includes(key)) warn(at, `has a key it does not know (\`${key.slice(0, 64)}\`; use ${KEYS.join(', ')})`);
      else if (key === 'offered') {
        if (typeof inner === 'boolean') override.offered = inner;
        else warn(at, `gives \`offered\` as ${shown(inner)}, not true or false`);
      } else if (typeof inner !== 'string' || inner.trim() === '') warn(at, `gives \`${key}\` as ${shown(inner)}, not a non-empty string`);
      else if (key === 'name' && !isToolName(inner)) warn(at, `gives the name ${shown(inner)}, which is not 1 to ${MAX_TOOL_NAME} letters, digits, \`_\` or \`-\``);
      else if (key === 'name') override.name = inner;
      else override.description = inner;
    }
    out.set(operation, override);
  }
  return out;
}

export function toolOverrideInvalid(diagnostics: Diagnostics, operation: string, location: string, why: string): void {
  diagnostics.warn('tool_override_invalid', { operation, location }, `The tool override ${why}; it is left out.`);
}

function shown(value: Json | undefined): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
