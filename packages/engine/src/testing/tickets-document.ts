/**
 * A help desk's tickets, for tests of behaviour overrides: a create, a read, a PUT that
 * replaces, a PATCH, a delete that acknowledges, a list paged by cursor and an action, over a
 * record with a state, times the compiler does not take for creation times (`filed_at`,
 * `filed_on`), a count and a second key.
 */
export const TICKETS = `
openapi: 3.1.0
info: { title: Help desk, version: "1" }
paths:
  /tickets:
    get:
      operationId: listTickets
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
        - { name: per_page, in: query, schema: { type: integer } }
        - { name: starting_after, in: query, schema: { type: string } }
        - { name: after, in: query, schema: { type: string } }
        - { name: priority, in: query, schema: { type: string } }
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  data: { type: array, items: { $ref: "#/components/schemas/Ticket" } }
                  has_more: { type: boolean }
                  more: { type: boolean }
    post:
      operationId: createTicket
      requestBody: { required: true, content: { application/json: { schema: { $ref: "#/components/schemas/TicketInput" } } } }
      responses:
        "201": { description: made, content: { application/json: { schema: { $ref: "#/components/schemas/Ticket" } } } }
  /tickets/{ticketId}:
    parameters:
      - { name: ticketId, in: path, required: true, schema: { type: string } }
    get:
      operationId: getTicket
      responses:
        "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Ticket" } } } }
        "404": { description: missing }
    put:
      operationId: replaceTicket
      requestBody: { required: true, content: { application/json: { schema: { $ref: "#/components/schemas/TicketInput" } } } }
      responses:
        "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Ticket" } } } }
        "404": { description: missing }
    patch:
      operationId: updateTicket
      requestBody: { required: true, content: { application/json: { schema: { $ref: "#/components/schemas/TicketInput" } } } }
      responses:
        "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Ticket" } } } }
        "404": { description: missing }
    delete:
      operationId: deleteTicket
      responses:
        "200":
          description: gone
          content:
            application/json:
              schema: { type: object, properties: { id: { type: string }, deleted: { type: boolean }, ok: { type: boolean } } }
        "404": { description: missing }
  /tickets/{ticketId}/escalate:
    post:
      operationId: escalateTicket
      parameters:
        - { name: ticketId, in: path, required: true, schema: { type: string } }
      responses:
        "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Ticket" } } } }
        "404": { description: missing }
components:
  schemas:
    TicketInput:
      type: object
      required: [title]
      properties:
        title: { type: string }
        priority: { type: string, enum: [low, normal, high] }
        notify: { type: boolean }
    Ticket:
      type: object
      required: [id, title, status, priority, replies]
      properties:
        id: { type: string, readOnly: true }
        key: { type: string }
        title: { type: string }
        priority: { type: string, enum: [low, normal, high] }
        status: { type: string, enum: [open, pending, escalated, solved] }
        replies: { type: integer, minimum: 0 }
        filed_at: { type: string, format: date-time }
        filed_on: { type: string, format: date }
        locked: { type: boolean }
        notify: { type: boolean }
`;
