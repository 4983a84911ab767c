import { newTicketBodySchema, ticketReplyBodySchema, uuidParamsSchema } from "@fre/shared";

export type LengthIssue = "required" | "tooShort" | "tooLong";

/** A text field of the shared request schemas (trimmed, with a minimum and a maximum length). */
type TextRule = typeof newTicketBodySchema.shape.subject;

/** What the shared schema says of one text field, in the words of the form's messages. */
function lengthIssue(rule: TextRule, value: string): LengthIssue | null {
  const result = rule.safeParse(value);
  if (result.success) return null;
  if (value.trim() === "") return "required";
  return result.error.issues.some((issue) => issue.code === "too_big") ? "tooLong" : "tooShort";
}

export const subjectIssue = (value: string) =>
  lengthIssue(newTicketBodySchema.shape.subject, value);
export const messageIssue = (value: string) =>
  lengthIssue(newTicketBodySchema.shape.message, value);
export const replyIssue = (value: string) =>
  lengthIssue(ticketReplyBodySchema.shape.message, value);

/** A UUID as the server expects in `?ticket=`; anything else cannot be a ticket. */
export const isTicketId = (value: string | null): value is string =>
  value !== null && uuidParamsSchema.shape.id.safeParse(value).success;
