import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGE_MIN_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
  SUPPORT_SUBJECT_MIN_LENGTH,
} from "@fre/shared";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextAreaField } from "../../../components/ui/text-area-field";
import { TextField } from "../../../components/ui/text-field";
import { formatNumber } from "../../../lib/format";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { useLanguage } from "../../../lib/use-language";
import { useCreateTicket } from "../hooks";
import { type LengthIssue, messageIssue, subjectIssue } from "../support-validation";

const FIELDS = ["subject", "message"] as const;
type Field = (typeof FIELDS)[number];

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
  subject: { min: SUPPORT_SUBJECT_MIN_LENGTH, max: SUPPORT_SUBJECT_MAX_LENGTH },
  message: { min: SUPPORT_MESSAGE_MIN_LENGTH, max: SUPPORT_MESSAGE_MAX_LENGTH },
};

/**
 * New ticket (POST /api/support/tickets). Errors show once a field has been left or the form
 * submitted, then follow every keystroke; an over-long text is flagged at once.
 */
export function SupportForm() {
  const { t } = useTranslation("help");
  const { t: tc } = useTranslation();
  const { language } = useLanguage();
  const create = useFormMutation(useCreateTicket(), {
    fields: FIELDS,
    fallback: tc("errors.generic"),
  });
  const [values, setValues] = useState({ subject: "", message: "" });
  const [touched, setTouched] = useState({ subject: false, message: false });
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusField = (field: Field) =>
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  const issues: Record<Field, LengthIssue | null> = {
    subject: subjectIssue(values.subject),
    message: messageIssue(values.message),
  };
  const errorFor = (field: Field): string | undefined => {
    if (create.fieldErrors[field]) return create.fieldErrors[field];
    const issue = issues[field];
    if (!issue) return undefined;
    if (issue !== "tooLong" && !touched[field] && !submitted) return undefined;
    return t(errorKeys[field][issue], limits[field]);
  };

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    create.clearField(field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    create.reset();
    if (issues.subject) return focusField("subject");
    if (issues.message) return focusField("message");
    create.submit(
      { subject: values.subject.trim(), message: values.message.trim() },
      {
        onSuccess: () => {
          setValues({ subject: "", message: "" });
          setTouched({ subject: false, message: false });
          setSubmitted(false);
        },
      },
    );
  };

  const messageLength = values.message.trim().length;
  const created = create.done ? create.data : undefined;

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
                max: formatNumber(SUPPORT_MESSAGE_MAX_LENGTH, language),
              })}
            </span>
          }
          required
          aria-required="true"
        />
        {create.error ? <Alert tone="error">{create.error}</Alert> : null}
        <div>
          <Button type="submit" size="lg" disabled={create.pending}>
            {create.pending ? t("support.form.sending") : t("support.form.submit")}
          </Button>
        </div>
      </form>
    </section>
  );
}
