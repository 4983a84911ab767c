import {
  type AdminSupportTicket,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_TICKET_STATUSES,
  type SupportTicketStatus,
} from "@fre/shared";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ChoiceOptions } from "../../../components/ui/choice-options";
import { QueryState } from "../../../components/ui/query-state";
import { SelectField } from "../../../components/ui/select-field";
import { TextAreaField } from "../../../components/ui/text-area-field";
import { formatDateTime } from "../../../lib/format";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { useLanguage } from "../../../lib/use-language";
import { StatusBadge } from "../components/status-badge";
import { ThreadHeader } from "../components/thread-header";
import { TicketMessages } from "../components/ticket-messages";
import { useAdminTicket, useAdminTickets, useAnswerTicket } from "../hooks";
import { replyIssue } from "../support-validation";

const sectionClasses = "grid gap-4 rounded-2xl border border-night-700 bg-night-900 p-4 sm:p-5";

function AnswerForm({ id }: { id: string }) {
  const { t } = useTranslation("help");
  const { t: tc } = useTranslation();
  const answer = useFormMutation(useAnswerTicket(id), { fallback: tc("errors.generic") });
  const [message, setMessage] = useState("");
  const [close, setClose] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const closeId = useId();
  const issue = replyIssue(message);
  const error =
    issue === "tooLong"
      ? t("admin.reply.tooLong", { max: SUPPORT_MESSAGE_MAX_LENGTH })
      : issue && submitted
        ? t("admin.reply.required")
        : undefined;
  const sent = answer.data?.status === "closed" ? "sentClosed" : "sent";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (answer.done) answer.reset();
    if (issue) return;
    answer.submit(
      { message: message.trim(), close },
      {
        onSuccess: () => {
          setMessage("");
          setClose(false);
          setSubmitted(false);
        },
      },
    );
  };

  return (
    <form
      data-testid="admin-support-reply-form"
      noValidate
      onSubmit={submit}
      className="grid gap-3"
    >
      <TextAreaField
        label={t("admin.reply.label")}
        name="message"
        rows={5}
        value={message}
        onChange={(event) => {
          setMessage(event.target.value);
          if (answer.done) answer.reset();
        }}
        error={error}
        required
        aria-required="true"
      />
      <div className="flex items-center gap-3">
        <input
          id={closeId}
          type="checkbox"
          checked={close}
          onChange={(event) => setClose(event.target.checked)}
          className="size-5 accent-amber-400"
        />
        <label htmlFor={closeId} className="text-sm text-slate-200">
          {t("admin.reply.closeTicket")}
        </label>
      </div>
      {answer.error ? <Alert tone="error">{answer.error}</Alert> : null}
      {answer.done ? <Alert tone="success">{t(`admin.reply.${sent}`)}</Alert> : null}
      <div>
        <Button type="submit" disabled={answer.pending}>
          {t("admin.reply.submit")}
        </Button>
      </div>
    </form>
  );
}

function AdminThread({ ticket, onBack }: { ticket: AdminSupportTicket; onBack: () => void }) {
  const { t } = useTranslation("help");
  const { language } = useLanguage();
  const thread = useAdminTicket(ticket.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = thread.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    headingRef.current?.scrollIntoView({ block: "center" });
    headingRef.current?.focus({ preventScroll: true });
  }, [loaded]);

  return (
    <div className="grid gap-3">
      <div>
        <Button size="sm" variant="secondary" onClick={onBack}>
          <span aria-hidden="true">←</span> {t("admin.thread.back")}
        </Button>
      </div>
      <QueryState query={thread} retry="none">
        {(data) => (
          <article
            data-testid="admin-support-thread"
            data-id={data.id}
            data-status={data.status}
            className="grid gap-4"
          >
            <ThreadHeader
              subject={data.subject}
              status={data.status}
              headingRef={headingRef}
              level={3}
            >
              {t("admin.thread.from", { nickname: ticket.nickname })} ·{" "}
              {t("support.thread.openedOn", { date: formatDateTime(data.createdAt, language) })}
            </ThreadHeader>
            <TicketMessages
              messages={data.messages}
              authorLabel={(author) =>
                author === "admin" ? t("admin.thread.team") : ticket.nickname
              }
            />
            <AnswerForm id={data.id} />
          </article>
        )}
      </QueryState>
    </div>
  );
}

/** /admin/messages, "Support": users' tickets by status, a thread and the answer form. */
export function AdminSupportTickets() {
  const { t } = useTranslation("help");
  const { language } = useLanguage();
  const [status, setStatus] = useState<SupportTicketStatus | "">("");
  const [selected, setSelected] = useState<AdminSupportTicket | null>(null);
  const tickets = useAdminTickets(status);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <div>
        <h2 id={headingId} className="text-lg font-bold text-white">
          {t("admin.title")}
        </h2>
        <p className="text-sm text-muted">{t("admin.intro")}</p>
      </div>
      {selected ? (
        <AdminThread key={selected.id} ticket={selected} onBack={() => setSelected(null)} />
      ) : (
        <>
          <SelectField
            label={t("admin.filters.status")}
            value={status}
            onChange={(event) => setStatus(event.target.value as SupportTicketStatus | "")}
          >
            <ChoiceOptions
              values={SUPPORT_TICKET_STATUSES}
              label={(value) => t(`admin.filters.${value}`)}
              any={t("admin.filters.all")}
            />
          </SelectField>
          <QueryState
            query={tickets}
            error={(error) => error.message || t("admin.loadFailed")}
            retry="inline"
          >
            {({ items }) => (
              <ul
                data-testid="admin-support-tickets"
                data-count={items.length}
                className="grid gap-2"
              >
                {items.length === 0 ? (
                  <li className="text-sm text-muted">{t("admin.empty")}</li>
                ) : null}
                {items.map((ticket) => (
                  <li
                    key={ticket.id}
                    data-id={ticket.id}
                    data-status={ticket.status}
                    className="grid gap-2 rounded-xl border border-night-700 bg-night-850 p-3"
                  >
                    <div className="flex items-start justify-between gap-3">
                      <p className="min-w-0 break-words font-semibold text-white">
                        {ticket.subject}
                      </p>
                      <StatusBadge status={ticket.status} />
                    </div>
                    <p className="text-xs text-muted">
                      {t("admin.columns", {
                        nickname: ticket.nickname,
                        date: formatDateTime(ticket.updatedAt, language),
                      })}
                    </p>
                    <div>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t("admin.openLabel", { subject: ticket.subject })}
                        onClick={() => setSelected(ticket)}
                      >
                        {t("admin.open")}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </>
      )}
    </section>
  );
}
