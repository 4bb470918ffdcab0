import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { formatLocation } from '../diagnostics/location.js';
import { isObject, type Json, type JsonObject } from '../json.js';

/** The extension that corrects what the compiler decided (docs/behaviour.md). */
export const BEHAVIOUR_EXTENSION = 'x-simplane-behaviour';

/** Keys from the extension down to a part of it: `['write', 'put']`, `['records', 'fields', 0]`. */
export type Path = readonly (string | number)[];

/** What checking an override needs to know of the records it is about. */
export interface RecordFacts {
  /** The item schema's properties, references followed. */
  properties: Map<string, JsonObject>;
  /** Whether a value fits the item field's schema. */
  fits(field: string, value: Json): boolean;
}

/**
 * Reads one extension, reporting each part it cannot use as `behaviour_override_invalid` at
 * that part's place. Every reader answers undefined for a part left out, so the caller keeps
 * the decision the compiler made there and applies the rest.
 */
export class OverrideChecks {
  constructor(
    private readonly diagnostics: Diagnostics,
    /** Where the extension is: `components.schemas.Pet.x-simplane-behaviour`. */
    private readonly location: string,
    private readonly operation?: string,
  ) {}

  invalid(path: Path, why: string): undefined {
    const at = { ...(this.operation === undefined ? {} : { operation: this.operation }), location: formatLocation([this.location, ...path]) };
    this.diagnostics.warn('behaviour_override_invalid', at, `The behaviour override ${why}; it is left out.`);
    return undefined;
  }

  /** The object's known keys; an unknown one is reported (with `refused` saying why, where it is a known decision that cannot change) and skipped. */
  object(value: Json | undefined, path: Path, keys: readonly string[], refused: Readonly<Record<string, string>> = {}): JsonObject | undefined {
    if (!isObject(value)) return this.invalid(path, `gives ${name(path)} as ${shown(value)}, not an object`);
    const out: JsonObject = {};
    for (const [key, inner] of Object.entries(value)) {
      if (keys.includes(key)) Object.defineProperty(out, key, { value: inner, enumerable: true, writable: true, configurable: true });
      else if (Object.hasOwn(refused, key)) this.invalid([...path, key], refused[key] as string);
      else this.invalid([...path, key], `has a key it does not know in ${name(path)} (\`${key}\`; use ${keys.join(', ')})`);
    }
    return out;
  }

  text(value: Json | undefined, path: Path): string | undefined {
    return typeof value === 'string' && value !== '' ? value : this.invalid(path, `gives ${name(path)} as ${shown(value)}, not a non-empty string`);
  }

  oneOf<T extends string>(value: Json | undefined, allowed: readonly T[], path: Path): T | undefined {
    return allowed.includes(value as T) ? (value as T) : this.invalid(path, `gives ${name(path)} as ${shown(value)}, not one of ${allowed.join(', ')}`);
  }

  bool(value: Json | undefined, path: Path): boolean | undefined {
    return typeof value === 'boolean' ? value : this.invalid(path, `gives ${name(path)} as ${shown(value)}, not true or false`);
  }

  /** A list of texts; each that `check` refuses (saying why) is reported and dropped, the others kept. */
  texts(value: Json | undefined, path: Path, check: (text: string) => string | null = () => null): string[] | undefined {
    if (!Array.isArray(value)) return this.invalid(path, `gives ${name(path)} as ${shown(value)}, not a list of strings`);
    return value.flatMap((item, index) => {
      const text = this.text(item, [...path, index]);
      if (text === undefined) return [];
      const why = check(text);
      return why === null ? [text] : (this.invalid([...path, index], why), []);
    });
  }

  /** A field of the record, or undefined (reported) for anything else. */
  field(value: Json | undefined, path: Path, facts: RecordFacts): string | undefined {
    const text = this.text(value, path);
    if (text === undefined) return undefined;
    return facts.properties.has(text) ? text : this.invalid(path, notAField(text, path));
  }

  /** A text `check` accepts, or null where null is allowed to take the decision away; undefined (reported) otherwise. */
  textOrNull(value: Json | undefined, path: Path, check: (text: string) => string | null = () => null): string | null | undefined {
    if (value === null) return null;
    const text = this.text(value, path);
    if (text === undefined) return undefined;
    const why = check(text);
    return why === null ? text : this.invalid(path, why);
  }
}

/** A part of the override as a message names it: `write.put`. */
export function name(path: Path): string {
  return `\`${formatLocation(path)}\``;
}

/** A value as a message shows it, cut short. */
export function shown(value: Json | undefined): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

export function notAField(field: string, path: Path): string {
  return `names \`${field}\` in ${name(path)}, which is not a field of the record`;
}

/** An own-key check that a `__proto__` or `constructor` key cannot fool. */
export function has(value: JsonObject, key: string): boolean {
  return Object.hasOwn(value, key);
}
