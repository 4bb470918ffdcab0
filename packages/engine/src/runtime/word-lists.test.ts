import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The runtime follows the artifact and reads no name (DESIGN.md section 6): a list of words it
 * compared names with would be a decision made per request. This finds lists of three or more
 * lower-case words in runtime sources (arrays, sets, regular expressions of alternatives) and
 * allows only those that are values drawn or a wire format's own words, each said why.
 */
const ALLOWED: Record<string, string> = {
  'values/generate-value.ts': 'WORDS: the words a generated text is made of, drawn, never compared; PATTERN_PROBES: texts tried against a pattern, values',
  'values/pattern-string.ts': "the orders a pattern draw tries its repetitions in (`short`, `long`, `least`), values of its own type, not names; LETTERS: the Unicode property names of a pattern's own syntax (`\\p{Lu}`)",
  'values/hinted-values.ts': 'the currency and locale codes drawn for a property the build hinted as one (artifact/value-hint.ts): values, never compared',
  'records/ids.ts': 'the same orders, tried for an id drawn from a pattern',
  'search/search-query.ts': "JOINERS: the search language's own operators (`AND`, `OR`, `NOT`), its wire format",
};
/** Protocols whose wire formats have words of their own (SOAP's envelope, AWS's query protocol). */
const WIRE_FORMATS = ['protocols/soap/', 'protocols/aws-json/', 'protocols/aws-query/'];

const root = new URL('./', import.meta.url);
const sources = (readdirSync(root, { recursive: true }) as string[])
  .map((file) => file.split('\\').join('/'))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !WIRE_FORMATS.some((folder) => file.startsWith(folder)));

/** A quoted word of any case, a keyword's `$` included (`'and'`, `'USD'`, `'allOf'`, `'$ref'`). */
const WORD = `'[A-Za-z$][A-Za-z0-9_$-]*'`;
/** An array or set of three or more quoted words (`'and', 'or', 'not'`, `'int32', 'int64', 'float'`, `'allOf', 'anyOf', 'oneOf'`). */
const ARRAY = new RegExp(`\\[\\s*${WORD}\\s*,\\s*${WORD}\\s*,\\s*${WORD}`);
/** A regular expression alternating three or more lower-case words (`/(password|secret|token)/`). */
const ALTERNATION = /\/[^/\n]*\(\??:?[a-z]{3,}\|[a-z]{3,}\|[a-z]{3,}/;

describe('runtime sources', () => {
  it('are read', () => {
    expect(sources.length).toBeGreaterThan(40);
  });

  it('hold no list of words to compare names with', () => {
    const found = sources.filter((file) => !Object.hasOwn(ALLOWED, file)).filter((file) => {
      const text = readFileSync(new URL(file, root), 'utf8');
      return ARRAY.test(text) || ALTERNATION.test(text);
    });
    expect(found, 'a runtime file with a word list: let the compiler decide from it and the artifact keep the decision').toEqual([]);
  });

  it('allow only files that still hold such a list', () => {
    const stale = Object.keys(ALLOWED).filter((file) => {
      const text = readFileSync(new URL(file, root), 'utf8');
      return !(ARRAY.test(text) || ALTERNATION.test(text));
    });
    expect(stale).toEqual([]);
  });
});
