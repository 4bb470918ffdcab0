/**
 * Small documents of the kind APIs publish, each at one of OpenAPI's edges: a path with
 * reserved characters, answers in one media type, a body an operation refuses, an operation
 * that declares no success, Digest authentication, readOnly and writeOnly fields, form bodies.
 */
export const CAMERA = `openapi: 3.1.0
info: {title: Camera, version: 1.0.0}
components:
  securitySchemes:
    digestAuth: {type: http, scheme: digest}
  schemas:
    Problem:
      type: object
      required: [title, status]
      properties:
        title: {type: string}
        status: {type: integer}
        detail: {type: string}
    Preset:
      type: object
      required: [id, name, pin]
      properties:
        id: {type: string, readOnly: true}
        name: {type: string}
        pin: {type: string, writeOnly: true, pattern: '^[0-9]{4}$'}
paths:
  /media/live view|hd:
    get:
      operationId: liveView
      responses:
        '200':
          description: the stream's description
          content:
            application/sdp: {schema: {type: string}}
        '406':
          description: not acceptable
          content:
            application/problem+json: {schema: {$ref: '#/components/schemas/Problem'}}
  /snapshot:
    get:
      operationId: snapshot
      security: [{digestAuth: []}]
      responses:
        '200': {description: a JPEG, content: {image/jpeg: {schema: {type: string, format: binary}}}}
        '401': {description: unauthorised, content: {application/problem+json: {schema: {$ref: '#/components/schemas/Problem'}}}}
  /reboot:
    post:
      operationId: reboot
      responses:
        '202': {description: rebooting}
        '415': {description: a body was sent, content: {application/problem+json: {schema: {$ref: '#/components/schemas/Problem'}}}}
  /firmware/legacy:
    get:
      operationId: legacyFirmware
      responses:
        '301':
          description: moved
          headers:
            Location: {required: true, schema: {type: string, format: uri}}
  /presets:
    post:
      operationId: createPreset
      requestBody:
        required: true
        content:
          application/json: {schema: {$ref: '#/components/schemas/Preset'}}
      responses:
        '201': {description: created, content: {application/json: {schema: {$ref: '#/components/schemas/Preset'}}}}
        '422': {description: invalid, content: {application/problem+json: {schema: {$ref: '#/components/schemas/Problem'}}}}
  /overlays:
    post:
      operationId: addOverlay
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              required: [text]
              properties:
                text: {type: string}
                logo: {type: string, format: byte}
                position: {type: object, required: [x, y], properties: {x: {type: integer}, y: {type: integer}}}
            encoding:
              position: {contentType: application/json}
      responses:
        '204': {description: added}
        '422': {description: invalid, content: {application/problem+json: {schema: {$ref: '#/components/schemas/Problem'}}}}
`;

/** A valid Digest \`Authorization\` (RFC 7616): the parameters a client answers the challenge with. */
export const DIGEST = 'Digest username="admin", realm="simulation", nonce="n", uri="/snapshot", qop=auth, nc=00000001, cnonce="c", response="6629fae49393a05397450978507c4ef1"';
