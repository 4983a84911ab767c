import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageLoader } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { useMyTicket, useReplyToTicket } from "../hooks";
import { MESSAGE_MAX, replyIssue } from "../support-validation";
import { StatusBadge } from "./status-badge";
import { TextAreaField } from "./text-area-field";
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
  const reply = useReplyToTicket(id);
  const [message, setMessage] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);
  const issue = replyIssue(message);
  const error =
    issue === "tooLong"
      ? t("support.reply.tooLong", { max: MESSAGE_MAX })
      : issue && submitted
        ? t("support.reply.required")
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSent(false);
    if (issue) return;
    reply.mutate(message.trim(), {
      onSuccess: () => {
        setMessage("");
        setSubmitted(false);
        setSent(true);
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
          setSent(false);
        }}
        error={error}
        required
        aria-required="true"
      />
      {reply.isError ? <Alert tone="error">{reply.error.message}</Alert> : null}
      {sent ? <Alert tone="success">{t("support.reply.sent")}</Alert> : null}
      <div>
        <Button type="submit" disabled={reply.isPending}>
          {t("support.reply.submit")}
        </Button>
      </div>
    </form>
  );
}

/** One of my tickets with its messages and a reply box (`/support?ticket=ID`). */
export function SupportThread({ id }: { id: string }) {
  const { t, i18n } = useTranslation("help");
  const language = i18n.resolvedLanguage ?? "fr";
  const thread = useMyTicket(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = thread.data !== undefined;

  // Opening a thread (from the list or an e-mail link) moves focus to its subject.
  useEffect(() => {
    if (!loaded) return;
    window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
  }, [loaded]);

  if (thread.isError && !thread.data) {
    const missing = isApiError(thread.error) && [400, 404].includes(thread.error.status);
    return (
      <div className="grid gap-3">
        <BackToTickets />
        <Alert tone="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{missing ? t("support.thread.notFound") : thread.error.message}</span>
            {missing ? null : (
              <Button size="sm" variant="secondary" onClick={() => void thread.refetch()}>
                {t("support.tickets.retry")}
              </Button>
            )}
          </div>
        </Alert>
      </div>
    );
  }
  if (!thread.data) {
    return (
      <div className="grid gap-3">
        <BackToTickets />
        <PageLoader />
      </div>
    );
  }

  const ticket = thread.data;
  return (
    <div className="grid gap-4">
      <BackToTickets />
      <article
        data-testid="support-thread"
        data-id={ticket.id}
        data-status={ticket.status}
        aria-label={t("support.thread.label", { subject: ticket.subject })}
        className="grid gap-4 rounded-2xl border border-night-700 bg-night-900 p-4 sm:p-5"
      >
        <header className="grid gap-1">
          <div className="flex items-start justify-between gap-3">
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="min-w-0 break-words text-lg font-bold text-white focus:outline-none"
            >
              {ticket.subject}
            </h2>
            <StatusBadge status={ticket.status} />
          </div>
          <p className="text-xs text-muted">
            {t("support.thread.openedOn", { date: formatDateTime(ticket.createdAt, language) })}
          </p>
        </header>
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
    </div>
  );
}
