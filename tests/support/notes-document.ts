/**
 * A small notes API behind a base path (`/v1` of its server URL): a list, a create and a read by
 * id, for tests that serve one Simulation of it at the root of a port.
 */
export const NOTES = `openapi: 3.0.3
info: {title: Notes, version: 1.0.0}
servers: [{url: 'https://notes.example.com/v1'}]
paths:
  /notes:
    get:
      operationId: listNotes
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Note'}}
    post:
      operationId: createNote
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: '#/components/schemas/NewNote'}
      responses:
        '201':
          description: created
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Note'}
  /notes/{noteId}:
    get:
      operationId: getNote
      parameters:
        - {name: noteId, in: path, required: true, schema: {type: string}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Note'}
        '404':
          description: no such note
components:
  schemas:
    NewNote:
      type: object
      required: [text]
      properties:
        text: {type: string}
    Note:
      type: object
      required: [id, text]
      properties:
        id: {type: string}
        text: {type: string}
`;
