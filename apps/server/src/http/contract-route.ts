import {
  type Access,
  type ContractKey,
  type Contracts,
  contracts,
  errorResponses,
  type HandlerInput,
  type HandlerOutput,
  type RouteContract,
} from "@fre/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import { z } from "zod";
import type { Viewer } from "./viewer.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Who the routes registered in this scope are for (the scopes' gates decorate it). */
    routeAccess?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the signed-in scope's gate (or the admin scope's). */
    viewer: Viewer | null;
  }
}

/** The caller a handler gets: the viewer on signed-in and admin routes, nothing on public ones. */
type CallerOf<C> = C extends { access: "user" | "admin" } ? { viewer: Viewer } : object;

export type Handler<K extends ContractKey> = (
  input: HandlerInput<Contracts[K]> & CallerOf<Contracts[K]>,
  request: FastifyRequest,
  reply: FastifyReply,
) =>
  | Promise<HandlerOutput<Contracts[K]> | FastifyReply>
  | HandlerOutput<Contracts[K]>
  | FastifyReply;

/** Route options a contract does not carry: rate limits, body limits, extra hooks. */
export type ExtraOptions = Pick<
  RouteShorthandOptions,
  "config" | "bodyLimit" | "preHandler" | "preValidation" | "onRequest"
>;

function responseSchemas(contract: RouteContract) {
  const status = contract.status ?? (contract.response === null ? 204 : 200);
  const errors = errorResponses(...contract.errors);
  // A zod schema: the serializer compiler takes zod only (a JSON schema here answers 500).
  if (contract.response === null) return { 204: z.null(), ...errors };
  if ("binary" in contract.response) return errors;
  const success = { [status]: contract.response };
  // A 201 route may answer 200 with the same body (an idempotent retry finds the row).
  if (status === 201) success[200] = contract.response;
  return { ...success, ...errors };
}

/**
 * Registers the route its contract declares — method, path, validation, serialization, OpenAPI —
 * with `handler` as its only code. Throws at boot when the route sits in a scope that does not
 * match its contract's access (a signed-in route outside the signed-in gate would be open).
 */
export function handle<K extends ContractKey>(
  app: FastifyInstance,
  key: K,
  handler: Handler<K>,
  options: ExtraOptions = {},
) {
  const contract: RouteContract = contracts[key];
  const scope = app.routeAccess ?? "public";
  if (scope !== contract.access) {
    throw new Error(`${key} is a ${contract.access} route registered in the ${scope} scope`);
  }
  app.route({
    ...options,
    method: contract.method,
    url: contract.path,
    schema: {
      tags: [contract.tag],
      ...(contract.summary && { summary: contract.summary }),
      ...(contract.params && { params: contract.params }),
      ...(contract.headers && { headers: contract.headers }),
      ...(contract.query && { querystring: contract.query }),
      ...(contract.body && { body: contract.body }),
      response: responseSchemas(contract),
    },
    handler: async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      if (contract.status) reply.status(contract.status);
      const input = {
        params: request.params,
        // Validated by the contract's `headers` schema when it has one.
        headers: request.headers as unknown,
        query: request.query,
        body: request.body,
        viewer: request.viewer,
      } as Parameters<Handler<K>>[0];
      const answer = await handler(input, request, reply);
      if (answer === reply || reply.sent) return reply;
      if (contract.response === null) return reply.status(204).send(null);
      return answer;
    },
  });
}
