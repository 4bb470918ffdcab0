import { setOwn, type JsonObject } from '../../json.js';
import type { ContentModel, Member } from './content-model.js';
import { withXml } from './property-schema.js';

/** Most combinations of choice branches written out as `anyOf` branches. */
const MAX_BRANCHES = 16;

/**
 * A content model as the artifact's object schema:
 * `{type: object, properties, required, additionalProperties: false, x-xml: {order}}`.
 * Properties are named after their elements' local names (`name_2` for a second element of that
 * name in another namespace), the simple content `$value`, attributes after their names, or
 * `@name` where an element has the name. Order lists elements (and `$any`) only.
 *
 * A type with choices is `{type: object, x-xml: {order}, anyOf: [...]}` with one complete
 * object schema per combination of the choices' branches (one branch of each choice, or none
 * of an optional one), requiring what that branch requires: as each allows only its own
 * branches' properties, a value that mixes two branches of a choice fits none, and the
 * runtime's generator (which draws a combination, then its properties) makes values that fit.
 * (`anyOf`, not `oneOf`: a branch that requires nothing and an empty choice both fit `{}`.)
 * The type's properties are the union of its combinations' (what the runtime's objectView and
 * the SOAP protocol read). Choices are written out, in document order, while the combinations
 * stay within MAX_BRANCHES; a choice past that is not enforced: its members are optional
 * properties of every combination, so values the XSD accepts are never refused.
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
  const nameOf = (m: Member) => byXml.get(`${m.xml.ns}\u0000${m.xml.local}`);
  const known = (n: string | undefined): n is string => n !== undefined;
  // Choices are written out while the combinations stay few; a choice past that is not enforced (its members are optional).
  const enforced: { names: string[]; required: string[] }[][] = [];
  let combinations = 1;
  for (const choice of model.choices) {
    const options = choice.branches.map((b) => ({ names: b.members.map(nameOf).filter(known), required: b.required.map(nameOf).filter(known) }));
    if (choice.optional) options.push({ names: [], required: [] });
    if (combinations * options.length > MAX_BRANCHES) continue;
    combinations *= options.length;
    enforced.push(options);
  }
  if (enforced.length === 0) return { ...plain(properties, required), 'x-xml': { order } };
  // Each combination: one option of each choice.
  let picks: { names: string[]; required: string[] }[][] = [[]];
  for (const options of enforced) picks = picks.flatMap((pick) => options.map((option) => [...pick, option]));
  const inChoices = new Set(enforced.flatMap((options) => options.flatMap((o) => o.names)));
  const branches = picks.map((pick) => {
    const chosen = new Set(pick.flatMap((o) => o.names));
    const own: JsonObject = {};
    for (const [name, schema] of Object.entries(properties)) if (!inChoices.has(name) || chosen.has(name)) setOwn(own, name, schema);
    return plain(own, new Set([...required, ...pick.flatMap((o) => o.required)]));
  });
  return { type: 'object', anyOf: branches, 'x-xml': { order } };
}

function plain(properties: JsonObject, required: Set<string>): JsonObject {
  const out: JsonObject = { type: 'object', properties };
  if (required.size > 0) out.required = Object.keys(properties).filter((n) => required.has(n));
  out.additionalProperties = false;
  return out;
}
