// Generates test inputs too big (or too nasty) to commit as files:
//
//  - largeWsdlBundle(): a realistic, about 4 MB WSDL 1.1 bundle, one `service.wsdl` at
//    the root importing `schemas/part-NN/types-NN.xsd` (some schemas import each other
//    through `../part-MM/types-MM.xsd`), with hundreds of CRUD-named operations.
//  - hostileDocuments(): generated hostile XML (100,000 nested elements, a 2 MB attribute, ...).
//
// Plain JavaScript, no dependencies, deterministic: the same options give byte-identical
// output (a seeded generator, never Math.random or the clock).

const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
const SOAP11_NS = 'http://schemas.xmlsoap.org/wsdl/soap/';
const SOAP12_NS = 'http://schemas.xmlsoap.org/wsdl/soap12/';
const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
const SERVICE_NS = 'http://large.simplane-fixture.example/enterprise-hub/v1';
const HOST = 'http://hub.large-enterprise.example';

const PREFIXES = [
  'Fleet', 'Retail', 'Claims', 'Billing', 'Warehouse', 'Payroll', 'Travel', 'Clinic',
  'Energy', 'Telecom', 'Property', 'Freight', 'Campus', 'Library', 'Transit', 'Harbour',
  'Grant', 'Tax', 'Customs', 'Pension', 'Lending', 'Card', 'Loyalty', 'Catalog',
  'Vendor', 'Contract', 'Asset', 'Ticket', 'Survey', 'Permit', 'Court', 'Census',
  'Water', 'Waste', 'Parking', 'Museum', 'Hotel', 'Airline', 'Rail', 'Postal',
];

const NOUNS = [
  'Customer', 'Account', 'Order', 'Invoice', 'Shipment', 'Employee', 'Booking', 'Policy',
  'Claim', 'Vehicle', 'Contract', 'Payment', 'Product', 'Supplier', 'Ticket', 'Member',
  'Patient', 'Appointment', 'Meter', 'Reading', 'Document', 'Case', 'Agent', 'Location',
  'Route', 'Parcel', 'Device', 'Subscription', 'Voucher', 'Project',
];

const STATUS_VALUES = [
  ['DRAFT', 'ACTIVE', 'SUSPENDED', 'CLOSED'],
  ['NEW', 'IN_PROGRESS', 'DONE', 'CANCELLED'],
  ['PENDING', 'APPROVED', 'REJECTED'],
  ['OPEN', 'ON_HOLD', 'RESOLVED', 'ARCHIVED', 'DELETED'],
];

const FIELD_NAMES = [
  'name', 'description', 'reference', 'category', 'amount', 'quantity', 'effectiveDate',
  'expiryDate', 'createdAt', 'updatedAt', 'active', 'priority', 'ownerCode', 'externalRef',
  'notes', 'rating', 'sequenceNumber', 'region', 'channel', 'score', 'weight', 'email',
  'phone', 'comment', 'label', 'version',
];

/** A small deterministic PRNG (mulberry32); the seed is the only source of variation. */
function seeded(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

const pad = (n) => String(n).padStart(2, '0');
const lcFirst = (s) => s.charAt(0).toLowerCase() + s.slice(1);
const plural = (s) => (s.endsWith('y') ? s.slice(0, -1) + 'ies' : s.endsWith('s') ? s + 'es' : s + 's');
const partNs = (n) => `http://large.simplane-fixture.example/part-${pad(n)}`;

/** The id element of an entity: conventions vary on purpose. */
function idElementOf(entity, convention) {
  switch (convention) {
    case 0: return { name: `${lcFirst(entity)}Id`, type: 'xs:long' };
    case 1: return { name: `${entity}ID`, type: 'xs:string' };
    case 2: return { name: `${lcFirst(entity)}Number`, type: 'xs:string' };
    default: return { name: 'id', type: 'xs:long' };
  }
}

/** Describes the entities of one schema part (names, id, fields) before any text is written. */
function planPart(part, entitiesPerPart, rng) {
  const prefix = PREFIXES[(part - 1) % PREFIXES.length];
  const cycle = Math.floor((part - 1) / PREFIXES.length);
  const entities = [];
  for (let k = 0; k < entitiesPerPart; k++) {
    const noun = NOUNS[(k + part * 7) % NOUNS.length];
    const round = Math.floor(k / NOUNS.length);
    const name = `${prefix}${noun}${cycle > 0 ? cycle + 1 : ''}${round > 0 ? 'V' + (round + 1) : ''}`;
    const idConvention = (part + k) % 4;
    const fieldCount = 8 + rng.int(10);
    const fields = [];
    const used = new Set();
    for (let f = 0; f < fieldCount; f++) {
      let base = FIELD_NAMES[rng.int(FIELD_NAMES.length)];
      while (used.has(base)) base = `${base}${f}`;
      used.add(base);
      fields.push({ name: base, kind: rng.int(12), optional: rng.next() < 0.35, many: rng.next() < 0.12 });
    }
    entities.push({ name, id: idElementOf(name, idConvention), fields, statusSet: STATUS_VALUES[rng.int(STATUS_VALUES.length)] });
  }
  return { part, prefix, entities };
}

function fieldXml(field, entity, part, importsPart, importedEntity) {
  const occurs = `${field.optional ? ' minOccurs="0"' : ''}${field.many ? ' maxOccurs="unbounded"' : ''}`;
  switch (field.kind) {
    case 0:
      return `<xs:element name="${field.name}"${occurs}><xs:simpleType><xs:restriction base="xs:string"><xs:maxLength value="${40 + (field.name.length * 7) % 200}"/></xs:restriction></xs:simpleType></xs:element>`;
    case 1: return `<xs:element name="${field.name}" type="xs:int"${occurs}/>`;
    case 2: return `<xs:element name="${field.name}" type="p:Money"${occurs}/>`;
    case 3: return `<xs:element name="${field.name}" type="xs:dateTime"${occurs}/>`;
    case 4: return `<xs:element name="${field.name}" type="xs:date"${occurs} nillable="true"/>`;
    case 5: return `<xs:element name="${field.name}" type="xs:boolean"${occurs}/>`;
    case 6: return `<xs:element name="${field.name}" type="xs:long"${occurs}/>`;
    case 7: return `<xs:element name="${field.name}" type="p:${entity.name}Status"${occurs}/>`;
    case 8:
      return `<xs:element name="${field.name}"${occurs}><xs:simpleType><xs:restriction base="xs:decimal"><xs:totalDigits value="12"/><xs:fractionDigits value="2"/><xs:minInclusive value="0"/></xs:restriction></xs:simpleType></xs:element>`;
    case 9: return `<xs:element name="${field.name}" type="p:Address"${occurs}/>`;
    case 10:
      // a reference to an entity of the imported part, when this part imports one
      return importsPart && importedEntity
        ? `<xs:element name="${field.name}" type="q:${importedEntity.name}"${occurs}/>`
        : `<xs:element name="${field.name}" type="xs:string"${occurs}/>`;
    default:
      return `<xs:element name="${field.name}"${occurs}><xs:simpleType><xs:restriction base="xs:string"><xs:pattern value="[A-Z]{2}-[0-9]{${4 + (part % 5)}}"/></xs:restriction></xs:simpleType></xs:element>`;
  }
}

function schemaText(plan, importsPart, importedPlan) {
  const { part, entities } = plan;
  const importedEntity = importedPlan ? importedPlan.entities[0] : undefined;
  const lines = [];
  lines.push('<?xml version="1.0" encoding="UTF-8"?>');
  lines.push(`<!-- Generated schema part ${pad(part)} (${plan.prefix} domain). -->`);
  lines.push(`<xs:schema targetNamespace="${partNs(part)}" xmlns:xs="${XSD_NS}" xmlns:p="${partNs(part)}"${importsPart ? ` xmlns:q="${partNs(importsPart)}"` : ''} elementFormDefault="qualified">`);
  if (importsPart) {
    lines.push(`  <xs:import namespace="${partNs(importsPart)}" schemaLocation="../part-${pad(importsPart)}/types-${pad(importsPart)}.xsd"/>`);
  }
  lines.push('  <xs:complexType name="Money"><xs:simpleContent><xs:extension base="xs:decimal"><xs:attribute name="currency" type="xs:string" use="required"/></xs:extension></xs:simpleContent></xs:complexType>');
  lines.push('  <xs:complexType name="Address"><xs:sequence><xs:element name="line" type="xs:string" maxOccurs="4"/><xs:element name="city" type="xs:string"/><xs:element name="postalCode" type="xs:string" minOccurs="0"/><xs:element name="country" type="xs:string"/></xs:sequence><xs:attribute name="kind" type="xs:string"/></xs:complexType>');
  lines.push('  <xs:complexType name="Fault"><xs:sequence><xs:element name="code" type="xs:string"/><xs:element name="message" type="xs:string"/></xs:sequence></xs:complexType>');
  for (const entity of entities) {
    const E = entity.name;
    const id = entity.id;
    const fields = entity.fields.map((f) => '        ' + fieldXml(f, entity, part, importsPart, importedEntity)).join('\n');
    lines.push(`  <xs:simpleType name="${E}Status"><xs:restriction base="xs:string">${entity.statusSet.map((v) => `<xs:enumeration value="${v}"/>`).join('')}</xs:restriction></xs:simpleType>`);
    lines.push(`  <xs:complexType name="${E}Input">\n    <xs:sequence>\n${fields}\n    </xs:sequence>\n  </xs:complexType>`);
    lines.push(`  <xs:complexType name="${E}">\n    <xs:complexContent>\n      <xs:extension base="p:${E}Input">\n        <xs:sequence>\n          <xs:element name="${id.name}" type="${id.type}"/>\n          <xs:element name="status" type="p:${E}Status"/>\n          <xs:element name="lastModified" type="xs:dateTime" minOccurs="0"/>\n        </xs:sequence>\n        <xs:attribute name="revision" type="xs:int"/>\n      </xs:extension>\n    </xs:complexContent>\n  </xs:complexType>`);
    const wrap = (name, body) => `  <xs:element name="${name}"><xs:complexType><xs:sequence>${body}</xs:sequence></xs:complexType></xs:element>`;
    const idEl = `<xs:element name="${id.name}" type="${id.type}"/>`;
    lines.push(wrap(`Create${E}`, `<xs:element name="${lcFirst(E)}" type="p:${E}Input"/>`));
    lines.push(wrap(`Create${E}Response`, `<xs:element name="${lcFirst(E)}" type="p:${E}"/>`));
    lines.push(wrap(`Get${E}`, idEl));
    lines.push(wrap(`Get${E}Response`, `<xs:element name="${lcFirst(E)}" type="p:${E}"/>`));
    lines.push(wrap(`Update${E}`, `${idEl}<xs:element name="${lcFirst(E)}" type="p:${E}Input"/>`));
    lines.push(wrap(`Update${E}Response`, `<xs:element name="${lcFirst(E)}" type="p:${E}"/>`));
    lines.push(wrap(`Delete${E}`, idEl));
    lines.push(wrap(`Delete${E}Response`, '<xs:element name="deleted" type="xs:boolean"/>'));
    lines.push(wrap(`List${plural(E)}`, '<xs:element name="pageSize" type="xs:int" minOccurs="0"/><xs:element name="pageToken" type="xs:string" minOccurs="0"/>'));
    lines.push(wrap(`List${plural(E)}Response`, `<xs:element name="${lcFirst(E)}" type="p:${E}" minOccurs="0" maxOccurs="unbounded"/><xs:element name="nextPageToken" type="xs:string" minOccurs="0" nillable="true"/>`));
    lines.push(wrap(`Search${plural(E)}`, `<xs:element name="query" type="xs:string"/><xs:element name="status" type="p:${E}Status" minOccurs="0" maxOccurs="unbounded"/>`));
    lines.push(wrap(`Search${plural(E)}Response`, `<xs:element name="${lcFirst(E)}" type="p:${E}" minOccurs="0" maxOccurs="unbounded"/>`));
    lines.push(`  <xs:element name="${E}NotFound" type="p:Fault"/>`);
  }
  lines.push(`  <xs:element name="ValidationFault" type="p:Fault"/>`);
  lines.push('</xs:schema>');
  return lines.join('\n') + '\n';
}

function operationsOf(entity) {
  const E = entity.name;
  return [
    { name: `Create${E}`, faults: ['ValidationFault'] },
    { name: `Get${E}`, faults: [`${E}NotFound`] },
    { name: `Update${E}`, faults: [`${E}NotFound`, 'ValidationFault'] },
    { name: `Delete${E}`, faults: [`${E}NotFound`] },
    { name: `List${plural(E)}`, faults: [] },
    { name: `Search${plural(E)}`, faults: [] },
  ];
}

function wsdlText(plans) {
  const out = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push('<!-- Generated large WSDL 1.1 bundle: document/literal wrapped, SOAP 1.1 and SOAP 1.2 bindings of one portType. -->');
  const xmlns = plans.map((p) => ` xmlns:p${pad(p.part)}="${partNs(p.part)}"`).join('');
  out.push(`<wsdl:definitions name="EnterpriseHub" targetNamespace="${SERVICE_NS}" xmlns:wsdl="${WSDL_NS}" xmlns:soap="${SOAP11_NS}" xmlns:soap12="${SOAP12_NS}" xmlns:xs="${XSD_NS}" xmlns:tns="${SERVICE_NS}"${xmlns}>`);
  out.push('  <wsdl:types>');
  out.push(`    <xs:schema targetNamespace="${SERVICE_NS}/types" elementFormDefault="qualified">`);
  for (const p of plans) {
    out.push(`      <xs:import namespace="${partNs(p.part)}" schemaLocation="schemas/part-${pad(p.part)}/types-${pad(p.part)}.xsd"/>`);
  }
  out.push('    </xs:schema>');
  out.push('  </wsdl:types>');

  const allOps = [];
  for (const p of plans) {
    const px = `p${pad(p.part)}`;
    out.push(`  <!-- part ${pad(p.part)}: ${p.prefix} -->`);
    const faultMessages = new Set();
    for (const entity of p.entities) {
      for (const op of operationsOf(entity)) {
        out.push(`  <wsdl:message name="${op.name}Request"><wsdl:part name="parameters" element="${px}:${op.name}"/></wsdl:message>`);
        out.push(`  <wsdl:message name="${op.name}Response"><wsdl:part name="parameters" element="${px}:${op.name}Response"/></wsdl:message>`);
        for (const f of op.faults) {
          const messageName = f === 'ValidationFault' ? `ValidationFault${pad(p.part)}` : `${f}Fault`;
          if (!faultMessages.has(messageName)) {
            faultMessages.add(messageName);
            out.push(`  <wsdl:message name="${messageName}"><wsdl:part name="detail" element="${px}:${f}"/></wsdl:message>`);
          }
        }
        allOps.push({ ...op, faults: op.faults.map((f) => ({ name: f, message: f === 'ValidationFault' ? `ValidationFault${pad(p.part)}` : `${f}Fault` })) });
      }
    }
  }

  out.push('  <wsdl:portType name="EnterpriseHubPortType">');
  for (const op of allOps) {
    out.push(`    <wsdl:operation name="${op.name}">`);
    out.push(`      <wsdl:input message="tns:${op.name}Request"/>`);
    out.push(`      <wsdl:output message="tns:${op.name}Response"/>`);
    for (const f of op.faults) out.push(`      <wsdl:fault name="${f.name}" message="tns:${f.message}"/>`);
    out.push('    </wsdl:operation>');
  }
  out.push('  </wsdl:portType>');

  for (const [prefix, bindingName] of [['soap', 'EnterpriseHubSoap11Binding'], ['soap12', 'EnterpriseHubSoap12Binding']]) {
    out.push(`  <wsdl:binding name="${bindingName}" type="tns:EnterpriseHubPortType">`);
    out.push(`    <${prefix}:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>`);
    for (const op of allOps) {
      out.push(`    <wsdl:operation name="${op.name}">`);
      out.push(`      <${prefix}:operation soapAction="${SERVICE_NS}/${op.name}"/>`);
      out.push(`      <wsdl:input><${prefix}:body use="literal"/></wsdl:input>`);
      out.push(`      <wsdl:output><${prefix}:body use="literal"/></wsdl:output>`);
      for (const f of op.faults) out.push(`      <wsdl:fault name="${f.name}"><${prefix}:fault name="${f.name}" use="literal"/></wsdl:fault>`);
      out.push('    </wsdl:operation>');
    }
    out.push('  </wsdl:binding>');
  }

  out.push('  <wsdl:service name="EnterpriseHubService">');
  out.push('    <wsdl:port name="EnterpriseHubSoap11Port" binding="tns:EnterpriseHubSoap11Binding">');
  out.push(`      <soap:address location="${HOST}/ws/v1/hub"/>`);
  out.push('    </wsdl:port>');
  out.push('    <wsdl:port name="EnterpriseHubSoap12Port" binding="tns:EnterpriseHubSoap12Binding">');
  out.push(`      <soap12:address location="${HOST}/ws/v1/hub12"/>`);
  out.push('    </wsdl:port>');
  out.push('  </wsdl:service>');
  out.push('</wsdl:definitions>');
  return out.join('\n') + '\n';
}

/** Which earlier part a part imports (by ../part-MM/types-MM.xsd), if any: every third part imports its predecessor. */
const importOf = (part) => (part > 1 && part % 3 === 0 ? part - 1 : undefined);

function build(schemas, entitiesPerPart) {
  const rng = seeded(0x51a9e);
  const plans = [];
  for (let part = 1; part <= schemas; part++) plans.push(planPart(part, entitiesPerPart, rng));
  const files = new Map();
  files.set('service.wsdl', wsdlText(plans));
  for (const plan of plans) {
    const imported = importOf(plan.part);
    files.set(
      `schemas/part-${pad(plan.part)}/types-${pad(plan.part)}.xsd`,
      schemaText(plan, imported, imported ? plans[imported - 1] : undefined),
    );
  }
  return files;
}

const totalLength = (files) => {
  let n = 0;
  for (const text of files.values()) n += text.length;
  return n;
};

/**
 * A large WSDL 1.1 bundle: `service.wsdl` at the root importing `schemas` generated XSDs
 * at `schemas/part-NN/types-NN.xsd`; every third part imports the previous one by
 * `../part-MM/types-MM.xsd`. Six CRUD-named operations per entity (Create/Get/Update/Delete
 * X, List/Search Xs); the number of entities per part is chosen so the total text is about
 * `targetBytes` characters (all ASCII, so characters = bytes).
 * @param {{ schemas?: number, targetBytes?: number }} [options]
 * @returns {{ files: Map<string, string> }}
 */
export function largeWsdlBundle({ schemas = 40, targetBytes = 4_000_000 } = {}) {
  if (!Number.isInteger(schemas) || schemas < 1 || schemas > 99) throw new RangeError('schemas must be an integer from 1 to 99');
  // Measure once with one entity per part, then scale; the seed makes both runs identical in shape.
  const base = totalLength(build(schemas, 1));
  const perEntityRound = totalLength(build(schemas, 2)) - base;
  const entitiesPerPart = Math.max(1, 1 + Math.round((targetBytes - base) / Math.max(1, perEntityRound)));
  return { files: build(schemas, entitiesPerPart) };
}

const HOSTILE_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  `<wsdl:definitions name="Hostile" targetNamespace="urn:hostile:generated" xmlns:wsdl="${WSDL_NS}" xmlns:soap="${SOAP11_NS}" xmlns:xs="${XSD_NS}" xmlns:tns="urn:hostile:generated"`;

/**
 * Generated hostile documents (none has a DOCTYPE; each is well-formed XML that a safe
 * parser must bound by depth or size limits rather than by refusing the syntax).
 * @returns {{ name: string, text: string }[]}
 */
export function hostileDocuments() {
  const depth = 100_000;
  const deepNesting =
    HOSTILE_HEAD + '>\n  <wsdl:documentation>' + '<n>'.repeat(depth) + 'deep' + '</n>'.repeat(depth) +
    '</wsdl:documentation>\n</wsdl:definitions>\n';

  const hugeAttribute =
    HOSTILE_HEAD + '>\n  <wsdl:portType name="' + 'A'.repeat(2 * 1024 * 1024) + '"/>\n</wsdl:definitions>\n';

  // 10,000 nested anonymous complex types: small enough for a parser's byte limit, deep
  // enough to overflow a naive recursive schema walker.
  const schemaDepth = 10_000;
  let nested = '';
  for (let i = 0; i < schemaDepth; i++) nested += `<xs:element name="e${i}"><xs:complexType><xs:sequence>`;
  for (let i = 0; i < schemaDepth; i++) nested += '</xs:sequence></xs:complexType></xs:element>';
  const deepSchema =
    HOSTILE_HEAD + '>\n  <wsdl:types><xs:schema targetNamespace="urn:hostile:generated"><xs:element name="Root"><xs:complexType><xs:sequence>' +
    nested + '</xs:sequence></xs:complexType></xs:element></xs:schema></wsdl:types>\n</wsdl:definitions>\n';

  // 100,000 distinct attributes on one element.
  let attributes = '';
  for (let i = 0; i < 100_000; i++) attributes += ` a${i}="${i}"`;
  const manyAttributes = HOSTILE_HEAD + '>\n  <wsdl:portType name="Many"' + attributes + '/>\n</wsdl:definitions>\n';

  return [
    { name: 'deep-nesting.wsdl', text: deepNesting },
    { name: 'huge-attribute.wsdl', text: hugeAttribute },
    { name: 'deep-schema-nesting.wsdl', text: deepSchema },
    { name: 'many-attributes.wsdl', text: manyAttributes },
  ];
}
