import { isStrongPassword } from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PasswordChecklist } from "../../../components/ui/password-checklist";
import { PasswordField } from "../../../components/ui/password-field";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { useChangePassword } from "../../auth";

export function ChangePasswordForm() {
  const { t } = useTranslation("app");
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [attempted, setAttempted] = useState(false);
  const change = useFormMutation(useChangePassword(), { fallback: t("changePassword.failed") });

  const weak = !isStrongPassword(next);
  const mismatch = confirm !== next;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!current || weak || mismatch) return;
    change.submit(
      { current, next },
      {
        onSuccess: () => {
          setAttempted(false);
          setCurrent("");
          setNext("");
          setConfirm("");
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-4"
      aria-labelledby="change-password-title"
    >
      <h2 id="change-password-title" className="text-lg font-semibold text-white">
        {t("changePassword.title")}
      </h2>
      {change.done ? <Alert tone="success">{t("changePassword.success")}</Alert> : null}
      {change.error ? <Alert tone="error">{change.error}</Alert> : null}
      <PasswordField
        label={t("changePassword.current")}
        name="current-password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={attempted && !current ? t("changePassword.currentRequired") : undefined}
        required
      />
      <PasswordField
        label={t("changePassword.new")}
        name="new-password"
        autoComplete="new-password"
        value={next}
        onChange={(event) => {
          setNext(event.target.value);
          if (change.done) change.reset();
        }}
        hint={<PasswordChecklist password={next} />}
        error={attempted && weak ? t("changePassword.weak") : undefined}
        required
      />
      <PasswordField
        label={t("changePassword.confirm")}
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={
          mismatch && (attempted || (confirm.length > 0 && confirm.length >= next.length))
            ? t("changePassword.mismatch")
            : undefined
        }
        required
      />
      <Button type="submit" disabled={change.pending}>
        {change.pending ? t("changePassword.submitting") : t("changePassword.submit")}
      </Button>
    </form>
  );
}
