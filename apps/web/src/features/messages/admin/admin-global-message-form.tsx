import {
  type AdminGlobalMessage,
  adminGlobalMessageBodySchema,
  messageTypeSchema,
} from "@fre/shared";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ChoiceOptions } from "../../../components/ui/choice-options";
import { SelectField } from "../../../components/ui/select-field";
import { TextAreaField } from "../../../components/ui/text-area-field";
import { TextField } from "../../../components/ui/text-field";
import { useFormMutation } from "../../../lib/use-form-mutation";
import type { MessageType } from "../api/messages-api";
import { useFormActivity } from "../components/form-activity";
import { useAdminGlobalMessage, useSaveAdminGlobalMessage } from "../hooks";
import { isoToLocalInput, localInputToIso } from "../message-state";

const { title: titleRule, content: contentRule } = adminGlobalMessageBodySchema.shape;

interface Values {
  title: string;
  content: string;
  type: MessageType;
  active: boolean;
  expiresAt: string;
}

const EMPTY: Values = { title: "", content: "", type: "info", active: true, expiresAt: "" };

function toValues(message: AdminGlobalMessage | null | undefined): Values {
  if (!message) return EMPTY;
  return {
    title: message.title,
    content: message.content,
    type: message.type,
    active: message.active,
    expiresAt: isoToLocalInput(message.expiresAt),
  };
}

export const sectionClasses =
  "grid gap-4 rounded-2xl border border-night-700 bg-night-900 p-4 sm:p-5";

/** Edits the single global message (title, content, type, active, optional expiry). */
export function AdminGlobalMessageForm() {
  const { t } = useTranslation("messages");
  const { t: tc } = useTranslation();
  const query = useAdminGlobalMessage();
  const save = useFormMutation(useSaveAdminGlobalMessage(), { fallback: tc("errors.generic") });
  const [values, setValues] = useState<Values>(EMPTY);
  const ids = { active: useId(), heading: useId() };
  const loaded = query.data;
  const activity = useFormActivity("global");

  useEffect(() => {
    if (loaded) setValues(toValues(loaded.message));
  }, [loaded]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    save.reset();
    activity.touch();
    setValues((current) => ({ ...current, [key]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    activity.touch();
    save.submit({
      title: values.title.trim(),
      content: values.content.trim(),
      type: values.type,
      active: values.active,
      expiresAt: localInputToIso(values.expiresAt),
    });
  };

  return (
    <section aria-labelledby={ids.heading} className={sectionClasses}>
      <div>
        <h2 id={ids.heading} className="text-lg font-bold text-white">
          {t("admin.global.title")}
        </h2>
        <p className="text-sm text-muted">{t("admin.global.intro")}</p>
      </div>
      {query.isError ? <Alert tone="error">{query.error.message}</Alert> : null}
      <form data-testid="admin-global-message-form" onSubmit={submit} className="grid gap-4">
        <TextField
          label={t("admin.global.fields.title")}
          value={values.title}
          onChange={(event) => set("title", event.target.value)}
          maxLength={titleRule.maxLength ?? undefined}
          required
        />
        <TextAreaField
          label={t("admin.global.fields.content")}
          value={values.content}
          onChange={(event) => set("content", event.target.value)}
          maxLength={contentRule.maxLength ?? undefined}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("admin.global.fields.type")}
            value={values.type}
            onChange={(event) => set("type", event.target.value as MessageType)}
          >
            <ChoiceOptions
              values={messageTypeSchema.options}
              label={(type) => t(`types.${type}`)}
            />
          </SelectField>
          <TextField
            type="datetime-local"
            label={t("admin.global.fields.expiresAt")}
            hint={t("admin.global.expiresHint")}
            value={values.expiresAt}
            onChange={(event) => set("expiresAt", event.target.value)}
          />
        </div>
        <label
          htmlFor={ids.active}
          className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-200"
        >
          <input
            id={ids.active}
            type="checkbox"
            checked={values.active}
            onChange={(event) => set("active", event.target.checked)}
            className="size-5 accent-amber-400"
          />
          {t("admin.global.fields.active")}
        </label>
        {save.error ? <Alert tone="error">{save.error}</Alert> : null}
        {save.done && activity.isCurrent ? (
          <Alert tone="success">{t("admin.global.saved")}</Alert>
        ) : null}
        <Button
          type="submit"
          disabled={save.pending || !query.data}
          className="sm:justify-self-start"
        >
          {t("admin.global.save")}
        </Button>
      </form>
    </section>
  );
}
