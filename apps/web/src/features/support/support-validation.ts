/** Limits of POST /api/support/tickets and of the replies (checked again by the server). */
export const SUBJECT_MIN = 3;
export const SUBJECT_MAX = 120;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 4000;
export const REPLY_MIN = 1;

export type LengthIssue = "required" | "tooShort" | "tooLong";

/** The server trims before checking lengths; so do we. */
export function lengthIssue(value: string, min: number, max: number): LengthIssue | null {
  const length = value.trim().length;
  if (length === 0) return "required";
  if (length < min) return "tooShort";
  if (length > max) return "tooLong";
  return null;
}

export const subjectIssue = (value: string) => lengthIssue(value, SUBJECT_MIN, SUBJECT_MAX);
export const messageIssue = (value: string) => lengthIssue(value, MESSAGE_MIN, MESSAGE_MAX);
export const replyIssue = (value: string) => lengthIssue(value, REPLY_MIN, MESSAGE_MAX);

/** A UUID as the server expects in `?ticket=`; anything else cannot be a ticket. */
export const isTicketId = (value: string | null): value is string =>
  value !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
