import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.ts";
import type { Auth } from "./auth.ts";

/** Who is calling: the signed-in user and the sign-in session. */
export interface Viewer {
  userId: string;
  sessionId: string;
}

function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  return headers;
}

/** Resolves the session cookie once per request. */
export function viewerResolver(auth: Auth) {
  const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  const lookup = async (request: FastifyRequest): Promise<Viewer | null> => {
    if (!request.headers.cookie) return null;
    const result = await auth.api.getSession({ headers: webHeaders(request) });
    return result ? { userId: result.user.id, sessionId: result.session.id } : null;
  };
  const optional = (request: FastifyRequest) => {
    let pending = cache.get(request);
    if (!pending) {
      pending = lookup(request);
      cache.set(request, pending);
    }
    return pending;
  };
  return {
    optional,
    async required(request: FastifyRequest): Promise<Viewer> {
      const viewer = await optional(request);
      if (!viewer) throw new AppError("UNAUTHORIZED", 401);
      return viewer;
    },
  };
}

export type ViewerResolver = ReturnType<typeof viewerResolver>;
