import type { IssueKind } from '@simplane/core';

interface Rule {
  kind: IssueKind;
  suggestion: string;
}

/**
 * The rules that fail a build: the document cannot be read, is not an OpenAPI document the
 * engine builds, or leaves nothing faithful to simulate (a reference that goes nowhere, two
 * operations one request could not tell apart, no operations, a filter or Overlay that cannot
 * be applied).
 */
export const FAILURES = {
  encoding_invalid: { kind: 'invalid', suggestion: 'Save the document as UTF-8 text and upload it again.' },
  document_empty: { kind: 'invalid', suggestion: 'Upload the OpenAPI document itself; the file was empty.' },
  syntax_invalid: { kind: 'invalid', suggestion: 'Fix the JSON or YAML syntax at the location shown; a linter or editor points at the same place.' },
  yaml_aliases_excessive: { kind: 'unsupported', suggestion: 'Write the repeated parts out (or use $ref) instead of nesting YAML aliases.' },
  yaml_alias_circular: { kind: 'invalid', suggestion: 'Remove the YAML alias that refers to its own ancestor; use a $ref for recursive schemas.' },
  document_too_deep: { kind: 'unsupported', suggestion: 'Flatten the nesting, e.g. by moving nested schemas to components and referring to them with $ref.' },
  number_out_of_range: { kind: 'invalid', suggestion: 'Write the number within the range of a double (about 1.8e308), or quote it as a string.' },
  not_openapi: { kind: 'invalid', suggestion: 'Upload an OpenAPI 2.0, 3.0 or 3.1 document with a top-level `swagger: "2.0"` or `openapi: 3.x.y` field.' },
  openapi_version_unsupported: { kind: 'unsupported', suggestion: 'Convert the document to OpenAPI 3.1, 3.0 or 2.0.' },
  wsdl_not_supported: { kind: 'unsupported', suggestion: 'WSDL builds are not available in this build yet; upload an OpenAPI document instead.' },
  ref_unresolved: { kind: 'invalid', suggestion: 'Point the $ref at an existing part of this document, e.g. #/components/schemas/Name.' },
  ref_external: { kind: 'unsupported', suggestion: 'External references are never fetched: bundle the document into one file first, e.g. with `redocly bundle`.' },
  ref_circular: { kind: 'invalid', suggestion: 'Break the chain of $refs that leads back to itself; only schemas may be recursive.' },
  operation_id_duplicate: { kind: 'invalid', suggestion: 'Give every operation a unique operationId.' },
  no_operations: { kind: 'incomplete', suggestion: 'Add at least one operation under `paths`, or widen the filter.' },
  filter_invalid: { kind: 'invalid', suggestion: 'Give each filter as a JavaScript regular expression of at most 256 characters, e.g. `^(list|get)Pets?$`.' },
  xml_invalid: { kind: 'invalid', suggestion: 'Fix the XML at the line shown so it is well-formed; an XML editor or `xmllint --noout` points at the same place.' },
  xml_refused: { kind: 'unsupported', suggestion: 'Remove the DOCTYPE and any entity references other than XML\'s five (&amp; &lt; &gt; &quot; &apos;); WSDL and XSD need neither. Nesting, attribute sizes and element counts are bounded too.' },
  wsdl_version_unsupported: { kind: 'unsupported', suggestion: 'Upload a WSDL 1.1 document (root `definitions` in http://schemas.xmlsoap.org/wsdl/); WSDL 2.0 is not simulated.' },
  wsdl_no_soap_binding: { kind: 'incomplete', suggestion: 'Add a SOAP 1.1 or 1.2 binding (`soap:binding` or `soap12:binding`) with at least one operation of its port type.' },
  bundle_invalid: { kind: 'invalid', suggestion: 'Upload a valid zip file holding the WSDL and the XSDs it imports, or the WSDL alone.' },
  bundle_unsafe: { kind: 'unsupported', suggestion: 'Zip the WSDL and its XSDs with relative paths inside the archive, no links, and within the size limits.' },
  bundle_no_wsdl: { kind: 'incomplete', suggestion: 'Put the WSDL in the zip, as its first entry or as its only `.wsdl` file.' },
  overlay_invalid: { kind: 'invalid', suggestion: 'Fix the Overlay 1.0 document: `overlay: 1.0.0`, `info`, and `actions` each with a JSONPath `target` and `update` or `remove: true`.' },
} as const satisfies Record<string, Rule>;

/**
 * The rules a Simulator can live with: build warnings, each saying what the compiler does or
 * assumes instead. Every violation of the OpenAPI specification's own schema is one of them.
 */
export const WARNINGS = {
  response_schema_missing: { kind: 'incomplete', suggestion: 'Add a response schema so answers can be generated and validated; until then a generic value is returned.' },
  response_success_missing: { kind: 'incomplete', suggestion: 'Declare a 2xx (or default) response for the operation.' },
  format_unknown: { kind: 'unknown', suggestion: 'Use a standard format (date-time, email, uuid, uri, ...) or remove it; values follow the type alone meanwhile.' },
  security_scheme_undefined: { kind: 'invalid', suggestion: 'Define the scheme under securitySchemes (or securityDefinitions in 2.0), or remove the requirement.' },
  security_scheme_unsupported: { kind: 'unsupported', suggestion: 'Use apiKey, an http scheme, oauth2 or openIdConnect (mutual TLS cannot be checked); this requirement is not checked meanwhile.' },
  webhooks_ignored: { kind: 'unsupported', suggestion: 'Nothing to do: webhooks are outgoing calls and are not simulated yet.' },
  callbacks_ignored: { kind: 'unsupported', suggestion: 'Nothing to do: callbacks are outgoing calls and are not simulated yet.' },
  path_equivalent: { kind: 'invalid', suggestion: 'Use one parameter name for the same position, e.g. /pets/{petId} everywhere; the first declaration wins.' },
  path_parameter_unused: { kind: 'invalid', suggestion: 'Remove the path parameter, or add it to the path template.' },
  overlay_target_unmatched: { kind: 'incomplete', suggestion: 'Check the JSONPath target; it selected nothing, so the action changed nothing.' },
  server_url_invalid: { kind: 'invalid', suggestion: 'Give the server URL as an absolute URL or a path; the base path / is used meanwhile.' },
  example_external_ignored: { kind: 'unsupported', suggestion: 'Inline the example under `value`; external examples are never fetched.' },
  parameter_style_unsupported: { kind: 'unsupported', suggestion: 'Use csv, ssv, pipes or multi; the value is read as csv meanwhile.' },
  schema_unsatisfiable: { kind: 'invalid', suggestion: 'Declare the required property under properties (or drop additionalProperties: false), or merge oneOf branches that are the same; answers cannot fit the schema meanwhile.' },
  schema_items_union: { kind: 'invalid', suggestion: 'Write the alternatives under anyOf (or oneOf) instead of items, or add `type: array` if a list is meant; the schema is read as one of its alternatives meanwhile.' },
  pattern_not_enforced: { kind: 'unsupported', suggestion: 'Write the pattern without lookaround or backreferences (e.g. check the forbidden prefix with a second, simpler pattern), or leave it: values are not checked against it meanwhile.' },
  structure_required: { kind: 'incomplete', suggestion: 'Add the missing field; the OpenAPI specification requires it here.' },
  structure_unknown_field: { kind: 'invalid', suggestion: 'Remove the field or rename it; extensions must start with `x-`.' },
  structure_type: { kind: 'invalid', suggestion: 'Change the value to the type the OpenAPI specification expects here.' },
  structure_value: { kind: 'invalid', suggestion: 'Change the value to one the OpenAPI specification allows here.' },
  path_parameter_undeclared: { kind: 'incomplete', suggestion: 'Declare the path parameter (`in: path`, `required: true`) on the operation or its path item.' },
  lifecycle_rule_invalid: { kind: 'invalid', suggestion: 'Write the rule as docs/clock.md shows: `at` a time field, or `after` an ISO 8601 duration with `from` a time field; `set` field values that fit the schema, or `delete: true`; an optional `when`. The rule is left out meanwhile.' },
  lifecycle_rule_unmatched: { kind: 'incomplete', suggestion: 'Name a rule the resource has (inferred rules are named `<value>-at-<field>`, e.g. `expired-at-expires_at`; docs/clock.md); nothing was switched off.' },
  wsdl_import_missing: { kind: 'incomplete', suggestion: 'Add the imported document to the zip at the relative path the import names; types from it are simulated as any content meanwhile.' },
  wsdl_import_external: { kind: 'incomplete', suggestion: 'Nothing is fetched over the network: download the document, put it in a zip beside the WSDL and point the import at its relative path.' },
  wsdl_qname_unresolved: { kind: 'invalid', suggestion: 'Declare the named element, type or message (or import the schema that does, with its namespace prefix bound); it is simulated as any content meanwhile.' },
  wsdl_part_untyped: { kind: 'incomplete', suggestion: 'Give the message part an `element` (document style) or a `type` (rpc style); it is simulated as any content meanwhile.' },
  wsdl_binding_unusable: { kind: 'incomplete', suggestion: 'Point the binding\'s `type` at a declared port type, and give each operation an input; the binding is left out meanwhile.' },
  wsdl_binding_not_soap: { kind: 'unsupported', suggestion: 'Nothing to do where a SOAP binding binds the same port type: its operations are answered over SOAP. Otherwise add a SOAP 1.1 or 1.2 binding; HTTP GET/POST and MIME-only bindings are not simulated.' },
  wsdl_operation_unbound: { kind: 'incomplete', suggestion: 'Bind the operations in a SOAP 1.1 or 1.2 binding of their port type to simulate them; they are left out meanwhile.' },
  wsdl_encoded_unsupported: { kind: 'unsupported', suggestion: 'Bind the operation with literal messages (`use="literal"`) or in SOAP 1.1\'s or 1.2\'s encoding (`encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"`); another encoding style cannot be simulated.' },
  xsd_construct_unsupported: { kind: 'unsupported', suggestion: 'Write the schema without the construct named; it is read as described in the message meanwhile.' },
  behaviour_override_invalid: { kind: 'invalid', suggestion: 'Write the override as docs/behaviour.md shows: decision names as `GET /v1/simulators/{id}/behaviour` shows them, values of their type, fields the record has, parameters the operation has. The compiler\'s decision stands there meanwhile.' },
  probe_refused: { kind: 'incomplete', suggestion: 'Point the Credential at an address the server may reach (docs/credentials.md: loopback and private addresses need `allow_http_loopback_credentials` or `allow_private_credentials`), or build without it; the Simulator was built from the document alone.' },
  probe_failed: { kind: 'incomplete', suggestion: 'Check that the real system answers the operation with the Credential, within the time and size limits and in the documented media type; the Simulator generates what the request would have taught it.' },
  system_drift: { kind: 'invalid', suggestion: 'The real system and the document disagree: correct the document (or an Overlay) where the system is right, or tell the system\'s owners; the answer is not used and the Simulator follows the document.' },
  header_unsendable: { kind: 'invalid', suggestion: 'Give the header a name that is an HTTP token and values without line breaks or characters past latin-1 (a media type likewise); it is left out of answers meanwhile.' },
  tool_override_invalid: { kind: 'invalid', suggestion: 'Write `x-simplane-tool` as docs/mcp.md shows: an object of `name` (1 to 64 letters, digits, `_` or `-`, no other tool\'s), `description` (a non-empty text) and `offered` (true or false). The tool the build decided stands there meanwhile.' },
} as const satisfies Record<string, Rule>;

/**
 * Every diagnostic rule the engine reports, with its kind and the default suggestion. Codes are
 * stable: clients and agents key on them. Append, never rename.
 */
export const RULES = { ...FAILURES, ...WARNINGS } as const satisfies Record<string, Rule>;

export type FailureCode = keyof typeof FAILURES;
export type WarningCode = keyof typeof WARNINGS;
export type RuleCode = keyof typeof RULES;
