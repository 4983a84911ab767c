import { SUPPORT_MESSAGE_MAX_LENGTH } from "@fre/shared";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { QueryState } from "../../../components/ui/query-state";
import { TextAreaField } from "../../../components/ui/text-area-field";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { useLanguage } from "../../../lib/use-language";
import { useMyTicket, useReplyToTicket } from "../hooks";
import { replyIssue } from "../support-validation";
import { ThreadHeader } from "./thread-header";
import { TicketMessages } from "./ticket-messages";

const backClass =
  "inline-flex min-h-9 items-center gap-1 rounded-lg text-sm font-semibold text-amber-200 underline-offset-4 hover:underline";

export function BackToTickets() {
  const { t } = useTranslation("help");
  return (
    <Link to="/support" className={backClass}>
      <span aria-hidden="true">←</span> {t("support.thread.back")}
    </Link>
  );
}

function ReplyForm({ id }: { id: string }) {
  const { t } = useTranslation("help");
  const { t: tc } = useTranslation();
  const reply = useFormMutation(useReplyToTicket(id), { fallback: tc("errors.generic") });
  const [message, setMessage] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const issue = replyIssue(message);
  const error =
    issue === "tooLong"
      ? t("support.reply.tooLong", { max: SUPPORT_MESSAGE_MAX_LENGTH })
      : issue && submitted
        ? t("support.reply.required")
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (reply.done) reply.reset();
    if (issue) return;
    reply.submit(message.trim(), {
      onSuccess: () => {
        setMessage("");
        setSubmitted(false);
      },
    });
  };

  return (
    <form data-testid="support-reply-form" noValidate onSubmit={submit} className="grid gap-3">
      <TextAreaField
        label={t("support.reply.label")}
        name="message"
        rows={4}
        value={message}
        onChange={(event) => {
          setMessage(event.target.value);
          if (reply.done) reply.reset();
        }}
        error={error}
        required
        aria-required="true"
      />
      {reply.error ? <Alert tone="error">{reply.error}</Alert> : null}
      {reply.done ? <Alert tone="success">{t("support.reply.sent")}</Alert> : null}
      <div>
        <Button type="submit" disabled={reply.pending}>
          {t("support.reply.submit")}
        </Button>
      </div>
    </form>
  );
}

/** A wrong, foreign or malformed id: asking again will not help. */
const isMissing = (error: Error) => isApiError(error) && [400, 404].includes(error.status);

/** One of my tickets with its messages and a reply box (`/support?ticket=ID`). */
export function SupportThread({ id }: { id: string }) {
  const { t } = useTranslation("help");
  const { language } = useLanguage();
  const thread = useMyTicket(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = thread.data !== undefined;

  // Opening a thread (from the list or an e-mail link) moves focus to its subject.
  useEffect(() => {
    if (!loaded) return;
    window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
  }, [loaded]);

  return (
    <div className={loaded ? "grid gap-4" : "grid gap-3"}>
      <BackToTickets />
      <QueryState
        query={thread}
        error={(error) => (isMissing(error) ? t("support.thread.notFound") : error.message)}
        retry={(error) => (isMissing(error) ? "none" : "inline")}
      >
        {(ticket) => (
          <article
            data-testid="support-thread"
            data-id={ticket.id}
            data-status={ticket.status}
            aria-label={t("support.thread.label", { subject: ticket.subject })}
            className="grid gap-4 rounded-2xl border border-night-700 bg-night-900 p-4 sm:p-5"
          >
            <ThreadHeader
              subject={ticket.subject}
              status={ticket.status}
              headingRef={headingRef}
              level={2}
            >
              {t("support.thread.openedOn", { date: formatDateTime(ticket.createdAt, language) })}
            </ThreadHeader>
            <TicketMessages
              messages={ticket.messages}
              authorLabel={(author) =>
                author === "admin" ? t("support.thread.team") : t("support.thread.you")
              }
            />
            {ticket.status === "closed" ? (
              <p className="text-sm text-muted">{t("support.thread.closedNote")}</p>
            ) : null}
            <ReplyForm id={ticket.id} />
          </article>
        )}
      </QueryState>
    </div>
  );
}
