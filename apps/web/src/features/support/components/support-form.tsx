import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { formatNumber } from "../../../lib/format";
import type { Ticket } from "../api/support-api";
import { useCreateTicket } from "../hooks";
import {
  type LengthIssue,
  MESSAGE_MAX,
  MESSAGE_MIN,
  messageIssue,
  SUBJECT_MAX,
  SUBJECT_MIN,
  subjectIssue,
} from "../support-validation";
import { TextAreaField } from "./text-area-field";

type Field = "subject" | "message";

const errorKeys = {
  subject: {
    required: "support.form.errors.subjectRequired",
    tooShort: "support.form.errors.subjectTooShort",
    tooLong: "support.form.errors.subjectTooLong",
  },
  message: {
    required: "support.form.errors.messageRequired",
    tooShort: "support.form.errors.messageTooShort",
    tooLong: "support.form.errors.messageTooLong",
  },
} as const;

const limits = {
  subject: { min: SUBJECT_MIN, max: SUBJECT_MAX },
  message: { min: MESSAGE_MIN, max: MESSAGE_MAX },
};

/**
 * New ticket (POST /api/support/tickets). Errors show once a field has been left or the form
 * submitted, then follow every keystroke; an over-long text is flagged at once.
 */
export function SupportForm() {
  const { t, i18n } = useTranslation("help");
  const create = useCreateTicket();
  const [values, setValues] = useState({ subject: "", message: "" });
  const [touched, setTouched] = useState({ subject: false, message: false });
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<Partial<Record<Field, string>>>({});
  const [created, setCreated] = useState<Ticket | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusField = (field: Field) =>
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  const issues: Record<Field, LengthIssue | null> = {
    subject: subjectIssue(values.subject),
    message: messageIssue(values.message),
  };
  const errorFor = (field: Field): string | undefined => {
    if (serverIssues[field]) return serverIssues[field];
    const issue = issues[field];
    if (!issue) return undefined;
    if (issue !== "tooLong" && !touched[field] && !submitted) return undefined;
    return t(errorKeys[field][issue], limits[field]);
  };

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerIssues((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setCreated(null);
    if (issues.subject) return focusField("subject");
    if (issues.message) return focusField("message");
    create.mutate(
      { subject: values.subject.trim(), message: values.message.trim() },
      {
        onSuccess: (ticket) => {
          setCreated(ticket);
          setValues({ subject: "", message: "" });
          setTouched({ subject: false, message: false });
          setSubmitted(false);
        },
        onError: (error) => {
          if (!isApiError(error) || !error.issues) return;
          const fromServer: Partial<Record<Field, string>> = {};
          for (const issue of error.issues) {
            const field = issue.path.split(".").pop();
            if (field === "subject" || field === "message") fromServer[field] = issue.message;
          }
          setServerIssues(fromServer);
        },
      },
    );
  };

  const messageLength = values.message.trim().length;
  const showGenericError =
    create.isError && !(isApiError(create.error) && create.error.issues?.length);

  return (
    <section className="grid gap-4 rounded-2xl border border-night-700 bg-night-900 p-4 sm:p-5">
      <h2 className="text-lg font-bold text-white">{t("support.form.title")}</h2>
      {created ? (
        <Alert tone="success">
          <p>{t("support.form.sent")}</p>
          <Link
            to={`/support?ticket=${encodeURIComponent(created.id)}`}
            className="mt-1 inline-block font-semibold underline underline-offset-4"
          >
            {t("support.form.viewTicket")}
          </Link>
        </Alert>
      ) : null}
      <form
        ref={formRef}
        data-testid="support-form"
        noValidate
        onSubmit={submit}
        className="grid gap-4"
      >
        <TextField
          label={t("support.form.subject")}
          name="subject"
          autoComplete="off"
          value={values.subject}
          onChange={(event) => change("subject", event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, subject: true }))}
          error={errorFor("subject")}
          required
          aria-required="true"
        />
        <TextAreaField
          label={t("support.form.message")}
          hint={t("support.form.messageHint")}
          name="message"
          rows={6}
          value={values.message}
          onChange={(event) => change("message", event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, message: true }))}
          error={errorFor("message")}
          aside={
            <span>
              {t("support.form.counter", {
                length: messageLength,
                max: formatNumber(MESSAGE_MAX, i18n.resolvedLanguage ?? "fr"),
              })}
            </span>
          }
          required
          aria-required="true"
        />
        {showGenericError ? <Alert tone="error">{create.error?.message}</Alert> : null}
        <div>
          <Button type="submit" size="lg" disabled={create.isPending}>
            {create.isPending ? t("support.form.sending") : t("support.form.submit")}
          </Button>
        </div>
      </form>
    </section>
  );
}
