import type { Diagnostics, IssueAt } from '../diagnostics/diagnostics.js';
import { unsupportedEncodings } from './encoding-style.js';
import { locate } from './locate.js';
import { attribute } from '../xml/xml-tree.js';
import type { WsdlAbstractOperation, WsdlBinding, WsdlBindingOperation, WsdlDefinitions, WsdlPortType } from './wsdl-model.js';

/**
 * Which port-type operations the Simulator answers, and through which bindings: an operation
 * is kept when at least one SOAP binding binds it with literal messages or SOAP 1.1's or 1.2's
 * encoding (encoding-style.ts), and answers every
 * SOAP version that does (one binding per version, the first in document order).
 */
export interface PlannedOperation {
  /** Unique among the planned operations: the WSDL name, `<PortType>.<name>` where port types share a name. */
  id: string;
  operation: WsdlAbstractOperation;
  /** 1.1 first, then 1.2. */
  bindings: { binding: WsdlBinding; operation: WsdlBindingOperation }[];
}

/** The port type's operations by name, made once per port type so matching stays linear. */
const operationsByName = new WeakMap<WsdlPortType, Map<string, WsdlAbstractOperation[]>>();

/** The abstract operation a binding operation binds: by name, then by input name where a port type overloads one. */
function abstractFor(binding: WsdlBinding, bound: WsdlBindingOperation): WsdlAbstractOperation | undefined {
  const portType = binding.portType!;
  let byName = operationsByName.get(portType);
  if (byName === undefined) {
    byName = new Map();
    for (const op of portType.operations) byName.set(op.name, [...(byName.get(op.name) ?? []), op]);
    operationsByName.set(portType, byName);
  }
  const named = byName.get(bound.name) ?? [];
  if (named.length <= 1) return named[0];
  const inputName = bound.input === null ? undefined : attribute(bound.input.node, 'name');
  return named.find((op) => op.input?.name === inputName) ?? named[0];
}

function assignIds(planned: Omit<PlannedOperation, 'id'>[]): PlannedOperation[] {
  const portTypesByName = new Map<string, Set<string>>();
  for (const { operation } of planned) {
    const set = portTypesByName.get(operation.name) ?? new Set();
    set.add(operation.portType.name.local);
    portTypesByName.set(operation.name, set);
  }
  const taken = new Set<string>();
  return planned.map((plan) => {
    const base = portTypesByName.get(plan.operation.name)!.size > 1 ? `${plan.operation.portType.name.local}.${plan.operation.name}` : plan.operation.name;
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}.${n}`;
    taken.add(id);
    return { id, ...plan };
  });
}

export function planOperations(definitions: WsdlDefinitions, diagnostics: Diagnostics): PlannedOperation[] {
  const byOperation = new Map<WsdlAbstractOperation, PlannedOperation['bindings']>();
  const ordered = [...definitions.bindings].sort((a, b) => (a.version === b.version ? 0 : a.version === '1.1' ? -1 : 1));
  for (const binding of ordered) {
    if (binding.portType === null) continue;
    for (const bound of binding.operations) {
      const where = (): IssueAt => ({ operation: bound.name, location: locate(bound.path, bound.node) });
      const operation = abstractFor(binding, bound);
      if (operation === undefined) {
        diagnostics.warn('wsdl_binding_unusable', where(), `The binding ${binding.name.local} binds ${bound.name}, which its port type ${binding.portType.name.local} does not declare; it is left out.`);
        continue;
      }
      if (operation.input === null) {
        diagnostics.warn('wsdl_binding_unusable', where(), `The operation ${bound.name} has no input (a notification or solicit-response operation), which a Simulator cannot answer; it is left out.`);
        continue;
      }
      const unsupported = unsupportedEncodings(bound, binding.version);
      if (unsupported.length > 0) {
        diagnostics.warn('wsdl_encoded_unsupported', where(), `The operation ${bound.name} is bound with use="encoded" in ${binding.name.local} (SOAP ${binding.version}) by the encoding ${unsupported.join(' ')}, which is neither SOAP 1.1's nor SOAP 1.2's; that binding of it is left out.`);
        continue;
      }
      const list = byOperation.get(operation) ?? [];
      if (!list.some((b) => b.binding.version === binding.version)) list.push({ binding, operation: bound });
      byOperation.set(operation, list);
    }
  }
  const planned = definitions.portTypes.flatMap((portType) => portType.operations.flatMap((operation) => {
    const bindings = byOperation.get(operation);
    return bindings === undefined ? [] : [{ operation, bindings }];
  }));
  return assignIds(planned);
}
