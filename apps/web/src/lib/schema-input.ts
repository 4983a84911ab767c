/**
 * The request body a shared zod schema accepts (fields with a default are optional), read from
 * the schema's type alone: the web app does not depend on zod itself.
 */
export type SchemaInput<Schema> = Schema extends { _zod: { input: infer Input } } ? Input : never;
