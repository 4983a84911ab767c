import { expect } from "vitest";
import { insertNotification } from "../src/modules/notifications/notifications.repo.ts";
import type { TestApp } from "./helpers.ts";

/** A call as one caller: method, URL and JSON body (none when undefined). */
export type CallAs = (
  method: string,
  url: string,
  body?: unknown,
) => Promise<{ statusCode: number; body: string; json(): unknown }>;

const idOf = (created: Awaited<ReturnType<CallAs>>) => (created.json() as { id: string }).id;

/**
 * The rows the authorization matrix and the fuzzer aim their calls at, so that path parameters
 * name real ones: the user's support ticket and notification, an information message, the bonus
 * code `code` (good for `maxUses` redemptions) and a visit-link task, the last three made by an
 * admin. `label` names them. Returns them with the user's own `/api/me`.
 */
export async function seedRouteTargets(
  test: TestApp,
  as: { user: CallAs; admin: CallAs },
  target: { label: string; code: string; maxUses: number },
) {
  const { label } = target;
  const ticket = await as.user("POST", "/api/support/tickets", {
    subject: `${label} target`,
    message: "A ticket of its owner's, the routes' target.",
  });
  expect(ticket.statusCode, ticket.body).toBe(201);
  const me = (await as.user("GET", "/api/me")).json() as {
    id: string;
    email: string;
    referralCode: string;
  };
  const notification = await insertNotification(test.db, {
    userId: me.id,
    type: "mining_session_end",
    params: {},
    at: test.clock.now(),
  });
  const information = await as.admin("POST", "/api/admin/messages/information", {
    title: label,
    content: `Information for everyone (${label})`,
  });
  expect(information.statusCode, information.body).toBe(201);
  const code = await as.admin("POST", "/api/admin/bonus-codes", {
    code: target.code,
    type: "fre",
    rewardValue: "1",
    maxUses: target.maxUses,
  });
  expect(code.statusCode, code.body).toBe(201);
  const task = await as.admin("POST", "/api/admin/tasks", {
    kind: "visit_link",
    title: { fr: label, en: label, es: label, ru: label, zh: label },
    reward: { type: "fre", amount: "1" },
    params: { url: `https://example.com/${label.toLowerCase()}`, minSeconds: 0 },
  });
  expect(task.statusCode, task.body).toBe(201);
  return {
    me,
    ticketId: idOf(ticket),
    notificationId: notification!.id,
    informationId: idOf(information),
    bonusCode: target.code,
    taskId: idOf(task),
  };
}
