import type { FastifyInstance } from 'fastify';

/** A JSON schema of the OpenAPI document (3.0: `nullable`, `$ref` into components). */
export type JsonSchema = Record<string, any>;

/** One call of the OpenAPI document with what it takes: its JSON body and its query string. */
export interface DocumentedCall {
  method: 'GET' | 'POST';
  /** The full path, e.g. '/api/License/DeleteLicense'. */
  path: string;
  body?: JsonSchema;
  /** The query string as one object schema (its parameters as properties). */
  query?: JsonSchema;
}

/**
 * Every call of the OpenAPI document the server builds from its route schemas (the document /api/docs/json
 * serves), read directly from the app so the tests need no token for it.
 */
export function documentedCalls(app: FastifyInstance): { calls: DocumentedCall[]; resolve: (schema: JsonSchema) => JsonSchema } {
  const doc = (app as unknown as { swagger(): any }).swagger();
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (schema?.$ref) return resolve(doc.components.schemas[String(schema.$ref).split('/').pop()!]);
    return schema;
  };
  const calls: DocumentedCall[] = [];
  for (const [path, operations] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, operation] of Object.entries<any>(operations)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const params = (operation.parameters ?? []).filter((p: any) => p.in === 'query');
      const query = params.length
        ? {
            type: 'object',
            properties: Object.fromEntries(params.map((p: any) => [p.name, p.schema])),
            required: params.filter((p: any) => p.required).map((p: any) => p.name),
          }
        : undefined;
      calls.push({ method: upper, path, body: body && resolve(body), query });
    }
  }
  return { calls, resolve };
}

/** The sub-schemas of a schema (properties, items, unions …), each with its path for a message. */
export function* walkSchema(
  schema: JsonSchema,
  resolve: (s: JsonSchema) => JsonSchema,
  path = '',
): Generator<{ path: string; schema: JsonSchema }> {
  const s = resolve(schema);
  if (!s || typeof s !== 'object') return;
  yield { path: path || '(body)', schema: s };
  for (const [name, sub] of Object.entries<JsonSchema>(s.properties ?? {}))
    yield* walkSchema(sub, resolve, path ? `${path}.${name}` : name);
  if (s.items && typeof s.items === 'object') yield* walkSchema(s.items, resolve, `${path}[]`);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') yield* walkSchema(s.additionalProperties, resolve, `${path}.*`);
  if (s.propertyNames) yield* walkSchema(s.propertyNames, resolve, `${path}(key)`);
  for (const union of ['anyOf', 'oneOf', 'allOf'] as const) for (const sub of s[union] ?? []) yield* walkSchema(sub, resolve, path);
}

/** Whether a schema describes text (`type: 'string'`, alone or among others). */
export function isString(schema: JsonSchema): boolean {
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}
