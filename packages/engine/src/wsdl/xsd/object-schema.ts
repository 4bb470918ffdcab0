import type { Json, JsonObject } from '../../json.js';
import type { ContentModel } from './content-model.js';
import { withXml } from './property-schema.js';

/**
 * A content model as the artifact's object schema:
 * `{type: object, properties, required, additionalProperties: false, x-xml: {order}}`.
 * Properties are named after their elements' local names (`name_2` for a second element of that
 * name in another namespace), the simple content `$value`, attributes after their names, or
 * `@name` where an element has the name. Order lists elements (and `$any`) only. A choice of
 * exactly one is `oneOf` of `{required: [member]}`; a choice of at most one adds a branch that
 * none is present; several choices sit in an `allOf`.
 */
export function objectSchema(model: ContentModel): JsonObject {
  const properties: JsonObject = {};
  const required: string[] = [];
  const order: string[] = [];
  const byXml = new Map<string, string>();
  const claim = (wanted: string): string => {
    let name = wanted;
    for (let n = 2; Object.hasOwn(properties, name); n += 1) name = `${wanted}_${n}`;
    return name;
  };
  const key = (kind: string, ns: string, local: string) => `${kind}\u0000${ns}\u0000${local}`;
  for (const member of model.elements) {
    const name = member.kind === 'any' ? '$any' : claim(member.xml.local);
    properties[name] = member.schema;
    order.push(name);
    byXml.set(key('element', member.xml.ns, member.xml.local), name);
    if (member.required) required.push(name);
  }
  if (model.text !== null) {
    const name = claim('$value');
    properties[name] = withXml(model.text, { text: true });
    required.push(name);
  }
  for (const member of model.attributes) {
    const name = claim(Object.hasOwn(properties, member.xml.local) ? `@${member.xml.local}` : member.xml.local);
    properties[name] = member.schema;
    if (member.required) required.push(name);
  }
  const out: JsonObject = { type: 'object', properties };
  if (required.length > 0) out.required = required;
  out.additionalProperties = false;
  const constraints: JsonObject[] = [];
  for (const choice of model.choices) {
    const names = choice.members.map((m) => byXml.get(key('element', m.xml.ns, m.xml.local))).filter((n): n is string => n !== undefined);
    if (names.length < 2) continue;
    const branches: Json[] = names.map((n) => ({ required: [n] }));
    constraints.push({ oneOf: choice.exactlyOne ? branches : [...branches, { not: { anyOf: branches } }] });
  }
  if (constraints.length === 1) out.oneOf = constraints[0]!.oneOf!;
  else if (constraints.length > 1) out.allOf = constraints;
  out['x-xml'] = { order };
  return out;
}
