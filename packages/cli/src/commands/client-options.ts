import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../config/arguments.js';
import type { ConnectionOptions } from '../client/connection.js';

/** Where a client command writes: its answer on `out`, progress and failures on `err`. */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** The options every client command takes. */
const COMMON: Options = {
  url: { type: 'string' },
  'api-key-file': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export interface ParsedCommand {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
  connection: ConnectionOptions;
  json: boolean;
  help: boolean;
}

/**
 * Reads a client command's arguments strictly, as `serve` does: an unknown option, an option
 * without its value or an empty value is refused, never ignored.
 */
export function parseCommand(args: readonly string[], options: Options, positionals: { min: number; max: number; usage: string }): ParsedCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], strict: true, allowPositionals: true, options: { ...COMMON, ...options } });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const values = parsed.values as ParsedCommand['values'];
  for (const [name, value] of Object.entries(values)) {
    const empty = value === '' || (Array.isArray(value) && value.includes(''));
    if (empty) throw new UsageError(`Option '--${name}' needs a value.`);
  }
  const help = values.help === true;
  if (!help && (parsed.positionals.length < positionals.min || parsed.positionals.length > positionals.max)) throw new UsageError(`expected ${positionals.usage}.`);
  const connection: ConnectionOptions = {};
  if (typeof values.url === 'string') connection.url = values.url;
  if (typeof values['api-key-file'] === 'string') connection.apiKeyFile = values['api-key-file'];
  return { positionals: parsed.positionals, values, connection, json: values.json === true, help };
}

/**
 * An option's value as a whole number, or undefined when it was not given. Its range is the
 * control plane's to check: it answers 422 with the rule, so the two cannot drift apart.
 */
export function integerOption(values: ParsedCommand['values'], name: string): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw new UsageError(`--${name}: '${String(value)}' is not a whole number.`);
  return Number(value);
}

/** A string option's value, or undefined. */
export function stringOption(values: ParsedCommand['values'], name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A repeatable string option's values. */
export function listOption(values: ParsedCommand['values'], name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value : [];
}
