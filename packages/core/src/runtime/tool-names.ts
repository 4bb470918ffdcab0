/**
 * Tool names as the strictest clients take them: letters, digits, `_` and `-`, at most 64
 * characters (MCP allows `.` and 128, but several model APIs refuse either), unique within
 * one server. Names are made from operation ids in the artifact's order, so the same Simulator
 * always offers the same names.
 */
export const MAX_TOOL_NAME = 64;
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** True for a name every client takes as it is. */
export function isToolName(name: string): boolean {
  return TOOL_NAME.test(name);
}

/** `prefix_name` made valid: other characters become `_`, runs of `_` one, cut to the limit. */
export function toolName(name: string, prefix?: string): string {
  const clean = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/_+/g, '_').replace(/^_|_$/g, '');
  const joined = prefix === undefined ? clean(name) : `${clean(prefix)}_${clean(name)}`;
  return (joined === '' ? 'operation' : joined).slice(0, MAX_TOOL_NAME);
}

/**
 * Gives each of `names` (made valid) a unique name: a repeat takes `_2`, `_3` ... inside the
 * limit. Names in `reserved` are taken from the start (names a document chose itself).
 */
export function uniqueNames(names: readonly string[], reserved: Iterable<string> = []): string[] {
  const taken = new Set<string>(reserved);
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate); n += 1) {
      const suffix = `_${n}`;
      candidate = `${name.slice(0, MAX_TOOL_NAME - suffix.length)}${suffix}`;
    }
    taken.add(candidate);
    return candidate;
  });
}
