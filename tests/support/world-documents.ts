/**
 * Two Simulators that share a `Customer` schema, each with a resource that time changes: an
 * inferred rule (a time field named like an end beside a status holding the value it leads to)
 * and one declared with `x-simplane-lifecycle`.
 */

const customer = `
    NewCustomer:
      type: object
      required: [name]
      properties:
        name: {type: string}
        email: {type: string}
    Customer:
      type: object
      required: [id, name]
      properties:
        id: {type: string}
        name: {type: string}
        email: {type: string}`;

function crud(plural: string, param: string, item: string): string {
  return `
  /${plural}:
    get:
      operationId: list_${plural}
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/${item}"}}}}}
    post:
      operationId: create_${plural}
      requestBody: {required: true, content: {application/json: {schema: {$ref: "#/components/schemas/New${item}"}}}}
      responses:
        "201": {description: created, content: {application/json: {schema: {$ref: "#/components/schemas/${item}"}}}}
  /${plural}/{${param}}:
    get:
      operationId: get_${plural}
      parameters: [{name: ${param}, in: path, required: true, schema: {type: string}}]
      responses:
        "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/${item}"}}}}
        "404": {description: missing}`;
}

/** Invoices fall overdue at their due date (inferred) and go to collections a week later (declared). */
export const billing = `openapi: 3.0.3
info: {title: Billing, version: "1"}
paths:${crud('customers', 'customerId', 'Customer')}${crud('invoices', 'invoiceId', 'Invoice')}
components:
  schemas:${customer}
    NewInvoice:
      type: object
      required: [customer_id, amount, due_date]
      properties:
        customer_id: {type: string}
        amount: {type: integer}
        due_date: {type: string, format: date-time}
    Invoice:
      type: object
      required: [id, customer_id, amount, status, due_date]
      properties:
        id: {type: string}
        customer_id: {type: string}
        amount: {type: integer}
        status: {type: string, enum: [open, overdue, collections, paid]}
        due_date: {type: string, format: date-time}
      x-simplane-lifecycle:
        - name: to-collections
          after: P7D
          from: due_date
          set: {status: collections}
          when: {status: [overdue]}
`;

/** Tickets expire at their expires_at (inferred) and are escalated at their escalate_at (declared). */
export const support = `openapi: 3.0.3
info: {title: Support, version: "1"}
paths:${crud('customers', 'customerId', 'Customer')}${crud('tickets', 'ticketId', 'Ticket')}
components:
  schemas:${customer}
    NewTicket:
      type: object
      required: [customer_id, subject, priority, expires_at, escalate_at]
      properties:
        customer_id: {type: string}
        subject: {type: string}
        priority: {type: string, enum: [normal, high]}
        expires_at: {type: string, format: date-time}
        escalate_at: {type: string, format: date-time}
    Ticket:
      type: object
      required: [id, customer_id, subject, status, priority, expires_at, escalate_at]
      properties:
        id: {type: string}
        customer_id: {type: string}
        subject: {type: string}
        status: {type: string, enum: [open, expired, closed]}
        priority: {type: string, enum: [normal, high]}
        expires_at: {type: string, format: date-time}
        escalate_at: {type: string, format: date-time}
      x-simplane-lifecycle:
        - name: escalate
          at: escalate_at
          set: {priority: high}
          when: {priority: [normal]}
`;
