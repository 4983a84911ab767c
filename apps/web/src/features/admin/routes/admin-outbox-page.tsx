import type { OutboxMail } from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmailField } from "../../../components/ui/email-field";
import { PageTitle } from "../../../components/ui/page-title";
import { PageLoader } from "../../../components/ui/spinner";
import { useDropElevationOn } from "../../../lib/admin-access";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
import { outboxQuery } from "../api/outbox-api";
import { linkParts } from "../outbox-links";

/** The plain-text body with its http(s) links clickable; the mail's HTML is never rendered. */
function MailText({ text }: { text: string }) {
  const { t } = useTranslation("admin");
  return linkParts(text).map((part, index) => {
    if (part.kind === "text") {
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, never reordered
      return <span key={index}>{part.text}</span>;
    }
    return (
      <a
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, never reordered
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer"
        className="rounded text-amber-200 underline underline-offset-2 hover:text-amber-100"
      >
        {part.text}
        <span className="sr-only"> {t("outbox.newTab")}</span>
      </a>
    );
  });
}

function OutboxMailItem({ mail }: { mail: OutboxMail }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4 sm:p-5"
    >
      <header className="grid gap-1">
        <h3 id={titleId} className="font-semibold text-white wrap-anywhere">
          {mail.subject.trim() || t("outbox.noSubject")}
        </h3>
        <p className="flex flex-wrap gap-x-2 text-sm text-muted">
          <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt, language)}</time>
          <span aria-hidden="true">·</span>
          <span className="wrap-anywhere">{t("outbox.to", { email: mail.to })}</span>
        </p>
      </header>
      {mail.text ? (
        <pre className="whitespace-pre-wrap rounded-xl border border-night-700 bg-night-900 p-3 font-mono text-sm leading-relaxed text-slate-200 wrap-anywhere">
          <MailText text={mail.text} />
        </pre>
      ) : null}
    </article>
  );
}

/** /admin/outbox: the mails the server kept instead of sending them (outbox transport). */
export function AdminOutboxPage() {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const title = t("pages.outbox");
  const resultsTitleId = useId();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [to, setTo] = useState<string | null>(null);

  const query = useQuery(outboxQuery(to));
  useDropElevationOn(query.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("to");
    const address = email.trim().toLowerCase();
    // The browser's own type=email rule, with our message instead of its bubble.
    const valid = input instanceof HTMLInputElement ? input.validity.valid : address !== "";
    if (!valid || address === "") {
      setFieldError(t("outbox.invalidEmail"));
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    setFieldError(undefined);
    // The button stays enabled (and focused) while loading: a second click is simply ignored.
    if (address === to) {
      if (!query.isFetching) void query.refetch();
    } else {
      setTo(address);
    }
  }

  const mails = to === null || query.isError ? undefined : query.data;
  let errorMessage: string | undefined;
  if (query.isError) {
    const { error } = query;
    if (isApiError(error, "NOT_FOUND") && error.status === 404) errorMessage = t("outbox.smtp");
    else errorMessage = isApiError(error) ? error.message : t("outbox.failed");
  }
  let status = "";
  if (mails && mails.length === 0) status = t("outbox.empty");
  else if (mails) status = t("outbox.found", { number: formatNumber(mails.length, language) });

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <PageTitle title={title}>{title}</PageTitle>
        <p className="text-sm text-muted">{t("outbox.intro")}</p>
      </div>
      <search aria-label={t("outbox.searchLabel")}>
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-5"
        >
          <EmailField
            label={t("outbox.email")}
            name="to"
            autoComplete="off"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (fieldError) setFieldError(undefined);
            }}
            error={fieldError}
          />
          <Button type="submit" className="sm:w-fit">
            {query.isFetching ? t("outbox.submitting") : t("outbox.submit")}
          </Button>
        </form>
      </search>
      <section
        aria-labelledby={to === null ? undefined : resultsTitleId}
        aria-busy={query.isFetching}
        className="grid gap-3"
      >
        {to === null ? null : (
          <h2 id={resultsTitleId} className="text-lg font-semibold text-white wrap-anywhere">
            {t("outbox.resultsTitle", { email: to })}
          </h2>
        )}
        {/* Always in the page, so screen readers hear the count or the empty state. */}
        <p role="status" className="text-muted">
          {status}
        </p>
        {query.isLoading ? <PageLoader /> : null}
        {errorMessage ? <Alert tone="error">{errorMessage}</Alert> : null}
        {mails && mails.length > 0 ? (
          <ul data-testid="admin-outbox-list" className="grid gap-3">
            {mails.map((mail, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: mails have no id; each fetch replaces the list
              <li key={`${mail.createdAt}-${index}`}>
                <OutboxMailItem mail={mail} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
