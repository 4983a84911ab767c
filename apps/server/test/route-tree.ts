import type { FastifyInstance } from "fastify";

/**
 * Every route Fastify serves, hidden ones included, read from its radix tree
 * (`printRoutes()`: one node per line, its segment and its methods; HEAD mirrors GET).
 */
export function servedRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes().split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    prefixes[depth] = match[2]!;
    const path = prefixes.join("");
    for (const method of match[3]?.split(", ") ?? []) {
      if (method !== "HEAD") routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
