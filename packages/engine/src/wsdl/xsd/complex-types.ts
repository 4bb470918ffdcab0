import { attribute, clark, type XmlElement } from '../../xml/xml-tree.js';
import { Attributes } from './attributes.js';
import { isSoapEncoding } from './builtins.js';
import { copyModel, emptyModel, type ContentModel } from './content-model.js';
import type { XsdContext } from './context.js';
import { at } from './locations.js';
import { Particles } from './particles.js';
import { MAX_DERIVATION } from './simple-types.js';
import { isXsd, xsChild, xsChildren } from './xsd-index.js';

const PARTICLES = new Set(['sequence', 'choice', 'all', 'group']);

/**
 * Complex types as content models (content-model.ts). `xs:complexContent/xs:extension` is its
 * base's model followed by its own particles and attributes, flattened into one object;
 * `xs:restriction` of a complex type is the restricting content, with the base's attributes
 * (changed or prohibited by its own). `xs:simpleContent` is the text (`$value`) plus
 * attributes: an extension's text is its base's (a simple type, or a simple-content type's
 * text), a restriction's text its base's text with the restriction's facets. A `mixed` type
 * without elements is its text (`$value`, a string); text between elements, and
 * `xs:anyAttribute`, are not kept; `xs:assert` is warned of and ignored. Each type's model is
 * worked out once; a derivation that loops or runs deeper than MAX_DERIVATION is cut with a
 * warning.
 */
export class ComplexTypes {
  readonly #models = new Map<XmlElement, ContentModel>();
  readonly #active = new Set<XmlElement>();
  readonly #particles: Particles;
  readonly #attributes: Attributes;

  constructor(private readonly context: XsdContext) {
    this.#particles = new Particles(context);
    this.#attributes = new Attributes(context);
  }

  /** An `xs:complexType` node's content model (shared: callers copy it before changing it). */
  model(node: XmlElement, depth = 0): ContentModel {
    const done = this.#models.get(node);
    if (done !== undefined) return done;
    if (this.#active.has(node) || depth > MAX_DERIVATION) {
      this.context.diagnostics.warn('xsd_construct_unsupported', at(this.context.index, node), `The complex type derives from itself, or through more than ${MAX_DERIVATION} steps; it is read without its base.`);
      return emptyModel();
    }
    this.#active.add(node);
    const model = this.#convert(node, depth);
    this.#active.delete(node);
    this.#models.set(node, model);
    return model;
  }

  #convert(node: XmlElement, depth: number): ContentModel {
    for (const assertion of xsChildren(node, 'assert')) this.#unsupported(assertion, 'xs:assert (XSD 1.1) is not checked; the type is read without it.');
    const simple = xsChild(node, 'simpleContent');
    if (simple !== undefined) return this.#simpleContent(simple, depth);
    const complex = xsChild(node, 'complexContent');
    const model = complex !== undefined ? this.#complexContent(complex, depth) : this.#own(node, emptyModel(), depth);
    // Mixed content without elements is text: kept as `$value`. Text between elements is not kept.
    const mixed = attribute(node, 'mixed') === 'true' || (complex !== undefined && attribute(complex, 'mixed') === 'true');
    if (mixed && model.elements.length === 0 && model.text === null) model.text = { type: 'string' };
    return model;
  }

  /** A node's own particles and attributes added to a model. */
  #own(node: XmlElement, model: ContentModel, depth: number): ContentModel {
    for (const child of xsChildren(node)) {
      if (PARTICLES.has(child.local)) this.#particles.collect(child, { optional: false, repeated: false, inChoice: false }, model, depth);
      else if (child.local === 'assert') this.#unsupported(child, 'xs:assert (XSD 1.1) is not checked; the type is read without it.');
      else if (child.local === 'openContent') this.#unsupported(child, 'xs:openContent (XSD 1.1) is not read; elements it would allow are refused.');
    }
    model.attributes = this.#attributes.collect(node, model.attributes, depth);
    return model;
  }

  #complexContent(content: XmlElement, depth: number): ContentModel {
    const derivation = xsChild(content, 'extension') ?? xsChild(content, 'restriction');
    if (derivation === undefined) return emptyModel();
    const base = this.#base(derivation, depth);
    if (derivation.local === 'extension') return this.#own(derivation, base === null ? emptyModel() : copyModel(base), depth);
    const restricted = emptyModel();
    restricted.attributes = base?.attributes ?? [];
    return this.#own(derivation, restricted, depth);
  }

  #simpleContent(content: XmlElement, depth: number): ContentModel {
    const derivation = xsChild(content, 'extension') ?? xsChild(content, 'restriction');
    if (derivation === undefined) return emptyModel();
    const baseText = attribute(derivation, 'base');
    const baseName = baseText === undefined ? undefined : this.context.index.resolve(derivation, baseText);
    const complexBase = baseName === undefined ? undefined : this.context.index.lookup('complexType', baseName);
    let model: ContentModel;
    if (complexBase !== undefined) {
      model = copyModel(this.model(complexBase.node, depth + 1));
      model.elements = [];
      model.positions = new Map();
      model.choices = [];
      model.text ??= {};
    } else {
      model = emptyModel();
      model.text = baseText === undefined ? {} : this.context.simple.reference(derivation, baseText, depth + 1);
    }
    if (derivation.local === 'restriction') {
      const inline = xsChild(derivation, 'simpleType');
      const text = inline !== undefined ? this.context.simple.of(inline, depth + 1) : (model.text ?? {});
      model.text = this.context.simple.restrict(text, derivation);
    }
    model.attributes = this.#attributes.collect(derivation, model.attributes, depth);
    return model;
  }

  /** A complexContent derivation's base model: null for xs:anyType, and for an unknown name (warned). */
  #base(derivation: XmlElement, depth: number): ContentModel | null {
    const text = attribute(derivation, 'base') ?? '';
    const name = this.context.index.resolve(derivation, text);
    // SOAP encoding's Array and Struct add no elements (an encoded array is made by xsd-model.ts).
    if (name !== undefined && ((isXsd(name.ns) && name.local === 'anyType') || isSoapEncoding(name.ns))) return null;
    const base = name === undefined ? undefined : this.context.index.lookup('complexType', name);
    if (base !== undefined) return this.model(base.node, depth + 1);
    const printed = name === undefined ? JSON.stringify(text) : clark(name);
    this.context.unresolved.warn(derivation, `base ${printed}`, `The base type ${printed} is not a complex type declared in the bundle; types derived from it are read without it.`);
    return null;
  }

  #unsupported(node: XmlElement, message: string): void {
    this.context.diagnostics.warn('xsd_construct_unsupported', at(this.context.index, node), message);
  }
}
