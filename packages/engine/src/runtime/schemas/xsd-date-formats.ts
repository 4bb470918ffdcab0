import type * as Ajv2020 from 'ajv/dist/2020.js';

/**
 * XSD's lexical forms of dates and times, for a Simulator built from a WSDL: there `format:
 * date-time`, `date` and `time` stand for `xs:dateTime`, `xs:date` and `xs:time`, whose zone is
 * optional (a `dateTime` without one, as .NET and Java clients send it) and which a `date` may
 * carry (`2024-03-05+02:00`). A value is kept as it was sent, so it is answered back unshifted;
 * it is checked by the calendar-aware RFC 3339 check of the same moment read as UTC (a missing
 * zone) or of its day (a date's zone).
 */
const AS_RFC3339: Record<string, (text: string) => string> = {
  'date-time': (text) => (/T\d{2}:\d{2}:\d{2}(?:\.\d+)?$/.test(text) ? `${text}Z` : text),
  time: (text) => (/^\d{2}:\d{2}:\d{2}(?:\.\d+)?$/.test(text) ? `${text}Z` : text),
  date: (text) => /^(-?\d{4,}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})$/.exec(text)?.[1] ?? text,
};

export function acceptXsdDates(ajv: Ajv2020.default): void {
  for (const [name, asRfc3339] of Object.entries(AS_RFC3339)) {
    const format = ajv.formats[name];
    if (typeof format !== 'object' || format === null || format instanceof RegExp) continue;
    const check = format.validate;
    const validate = typeof check === 'function' ? (text: string) => (check as (t: string) => boolean)(asRfc3339(text)) : check instanceof RegExp ? (text: string) => check.test(asRfc3339(text)) : null;
    if (validate === null) continue;
    ajv.addFormat(name, { ...format, validate } as Parameters<Ajv2020.default['addFormat']>[1]);
  }
}
