import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const nested = (schema as { properties?: unknown } | null)?.properties;
  return nested instanceof z.ZodType ? nested : null;
}

/**
 * zod marks output objects `additionalProperties: false`; fast-json-stringify would then refuse a
 * branch of a union whose data carries an extra property. Without it, fast-json-stringify simply
 * leaves undeclared properties out, which is what we want.
 */
function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "additionalProperties" && value === false) continue;
    out[key] = withoutClosedObjects(value);
  }
  return out;
}

/**
 * Response serialisation compiled once per route: the zod response schema becomes a JSON schema
 * and fast-json-stringify writes exactly the declared properties (nothing undeclared can leak),
 * without re-validating every answer at run time (decision 0008). A schema JSON Schema cannot
 * express falls back to the zod serializer (parse, then JSON.stringify).
 */
function compileSerializer(route: RouteSchema): (data: unknown) => string {
  const schema = zodSchemaOf(route.schema);
  if (schema) {
    try {
      const json = z.toJSONSchema(schema, {
        target: "draft-7",
        io: "output",
        unrepresentable: "throw",
      });
      return fastJson(withoutClosedObjects(json) as Parameters<typeof fastJson>[0]) as (
        data: unknown,
      ) => string;
    } catch {
      // fall through: zod-only constructs (transforms, custom types)
    }
  }
  return zodSerializerCompiler(route) as (data: unknown) => string;
}

/**
 * Fastify asks for every route's serializers before it listens; each is compiled at its first
 * answer instead (decision 0055): compiling all of them at boot was 40 % of the start's CPU and
 * kept the schemas of routes nobody calls in memory.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route: RouteSchema) => {
  let compiled: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    compiled ??= compileSerializer(route);
    return compiled(data);
  };
};
