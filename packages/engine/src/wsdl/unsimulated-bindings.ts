import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { locate } from './locate.js';
import type { WsdlDefinitions } from './wsdl-model.js';

/**
 * Warns about what a WSDL declares and the Simulator cannot answer, so nothing is dropped
 * silently: each binding that is not SOAP's (HTTP GET/POST, MIME-only), and, per port type,
 * the operations no SOAP binding binds at all (an operation a SOAP binding binds but cannot
 * use has its own warning from planning).
 */
export function warnUnsimulatedBindings(definitions: WsdlDefinitions, diagnostics: Diagnostics): void {
  for (const binding of definitions.otherBindings) {
    diagnostics.warn('wsdl_binding_not_soap', { location: locate(binding.path, binding.node) }, `The binding ${binding.name.local} is bound by ${binding.kind}, not SOAP 1.1 or 1.2; it is left out, and its operations are answered only where a SOAP binding binds them.`);
  }
  const bound = new Map<object, Set<string>>();
  for (const binding of definitions.bindings) {
    if (binding.portType === null) continue;
    const names = bound.get(binding.portType) ?? new Set<string>();
    for (const operation of binding.operations) names.add(operation.name);
    bound.set(binding.portType, names);
  }
  for (const portType of definitions.portTypes) {
    const names = bound.get(portType);
    const unbound = [...new Set(portType.operations.filter((op) => names === undefined || !names.has(op.name)).map((op) => op.name))];
    if (unbound.length === 0) continue;
    const which = names === undefined ? 'no SOAP binding binds the port type' : 'its SOAP bindings do not bind them';
    diagnostics.warn('wsdl_operation_unbound', { location: locate(portType.path, portType.node) }, `The port type ${portType.name.local} has operations no SOAP binding binds (${which}): ${unbound.join(', ')}; they are left out.`);
  }
}
