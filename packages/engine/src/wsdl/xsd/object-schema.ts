import { setOwn, type JsonObject } from '../../json.js';
import type { ContentModel } from './content-model.js';
import { withXml } from './property-schema.js';

/** Most combinations of choice branches written out as `oneOf` branches. */
const MAX_BRANCHES = 16;

/**
 * A content model as the artifact's object schema:
 * `{type: object, properties, required, additionalProperties: false, x-xml: {order}}`.
 * Properties are named after their elements' local names (`name_2` for a second element of that
 * name in another namespace), the simple content `$value`, attributes after their names, or
 * `@name` where an element has the name. Order lists elements (and `$any`) only.
 *
 * A type with choices is `{type: object, x-xml: {order}, oneOf: [...]}` with one complete
 * object schema per combination of the choices' branches (one member of each choice, or none
 * of an optional one): each allows exactly its members, so a value matches one branch, and the
 * runtime's generator (which draws a branch, then its properties) makes values that fit. The
 * type's properties are then the union of its branches' (what the runtime's objectView and
 * the SOAP protocol read). Choices are written out, in document order, while the combinations
 * stay within MAX_BRANCHES; a choice past that is not enforced: its members are optional
 * properties of every branch, so values the XSD accepts are never refused.
 */
export function objectSchema(model: ContentModel): JsonObject {
  const properties: JsonObject = {};
  const required = new Set<string>();
  const order: string[] = [];
  const byXml = new Map<string, string>();
  const claim = (wanted: string): string => {
    let name = wanted;
    for (let n = 2; Object.hasOwn(properties, name); n += 1) name = `${wanted}_${n}`;
    return name;
  };
  for (const member of model.elements) {
    const name = member.kind === 'any' ? '$any' : claim(member.xml.local);
    setOwn(properties, name, member.schema);
    order.push(name);
    byXml.set(`${member.xml.ns}\u0000${member.xml.local}`, name);
    if (member.required) required.add(name);
  }
  if (model.text !== null) {
    const name = claim('$value');
    setOwn(properties, name, withXml(model.text, { text: true }));
    required.add(name);
  }
  for (const member of model.attributes) {
    const name = claim(Object.hasOwn(properties, member.xml.local) ? `@${member.xml.local}` : member.xml.local);
    setOwn(properties, name, member.schema);
    if (member.required) required.add(name);
  }
  const choices = model.choices
    .map((choice) => ({ exactlyOne: choice.exactlyOne, names: choice.members.map((m) => byXml.get(`${m.xml.ns}\u0000${m.xml.local}`)).filter((n): n is string => n !== undefined) }))
    .filter((choice) => choice.names.length >= 2);
  // Choices are written out while the combinations stay few; a choice past that is not enforced (its members are optional).
  const enforced: typeof choices = [];
  let combinations = 1;
  for (const choice of choices) {
    const options = choice.names.length + (choice.exactlyOne ? 0 : 1);
    if (combinations * options > MAX_BRANCHES) continue;
    combinations *= options;
    enforced.push(choice);
  }
  if (enforced.length === 0) return { ...plain(properties, required), 'x-xml': { order } };
  // Each combination: the names chosen from each choice (null where an optional choice is empty).
  let picks: (string | null)[][] = [[]];
  for (const choice of enforced) {
    const options: (string | null)[] = [...choice.names, ...(choice.exactlyOne ? [] : [null])];
    picks = picks.flatMap((pick) => options.map((option) => [...pick, option]));
  }
  const inChoices = new Set(enforced.flatMap((c) => c.names));
  const branches = picks.map((pick) => {
    const chosen = new Set(pick.filter((n): n is string => n !== null));
    const own: JsonObject = {};
    for (const [name, schema] of Object.entries(properties)) if (!inChoices.has(name) || chosen.has(name)) setOwn(own, name, schema);
    return plain(own, new Set([...required].filter((n) => Object.hasOwn(own, n)).concat([...chosen])));
  });
  return { type: 'object', oneOf: branches, 'x-xml': { order } };
}

function plain(properties: JsonObject, required: Set<string>): JsonObject {
  const out: JsonObject = { type: 'object', properties };
  if (required.size > 0) out.required = Object.keys(properties).filter((n) => required.has(n));
  out.additionalProperties = false;
  return out;
}
