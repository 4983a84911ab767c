import { describe, expect, it } from "vitest";
import { z } from "zod";
import { serializerCompiler } from "./serializer.ts";

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: "GET", url: "/test", httpStatus: "200" }) as (
    data: unknown,
  ) => string;

describe("response serializer", () => {
  it("compiles a route's serializer at its first answer, once, not when the route is declared", () => {
    let walked = 0;
    const name = z.lazy(() => {
      walked += 1;
      return z.string();
    });
    const serialize = compile(z.object({ name }));
    expect(walked).toBe(0);
    expect(JSON.parse(serialize({ name: "ana", email: "ana@example.com" }))).toEqual({
      name: "ana",
    });
    const afterFirst = walked;
    expect(afterFirst).toBeGreaterThan(0);
    serialize({ name: "bo" });
    expect(walked).toBe(afterFirst);
  });

  it("writes only declared properties, so nothing undeclared leaks", () => {
    const serialize = compile(z.object({ nickname: z.string(), rank: z.number().int() }));
    const out = JSON.parse(serialize({ nickname: "ana", rank: 3, email: "ana@example.com" }));
    expect(out).toEqual({ nickname: "ana", rank: 3 });
  });

  it("handles nullable objects, optional fields and arrays like the zod schema says", () => {
    const serialize = compile(
      z.object({
        session: z.object({ id: z.string(), active: z.boolean() }).nullable(),
        note: z.string().optional(),
        top: z.array(z.object({ rank: z.number(), secret: z.string().optional() })),
      }),
    );
    expect(JSON.parse(serialize({ session: null, top: [] }))).toEqual({ session: null, top: [] });
    expect(
      JSON.parse(
        serialize({
          session: { id: "s", active: true, userId: "u" },
          note: "n",
          top: [{ rank: 1 }],
        }),
      ),
    ).toEqual({ session: { id: "s", active: true }, note: "n", top: [{ rank: 1 }] });
  });

  it("falls back to zod for what JSON Schema cannot express", () => {
    const serialize = compile(z.object({ at: z.date().transform((d) => d.getTime()) }));
    expect(serialize({ at: new Date(5) })).toBe('{"at":5}');
  });
});
