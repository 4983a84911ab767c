import type { Me, UpdateMeBody } from "@fre/shared";
import { api } from "../../../lib/api-client";

export function updateMe(body: UpdateMeBody): Promise<Me> {
  return api.call("PATCH /api/me", { body });
}
