import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Glyph } from "../../../components/ui/glyph";
import { PageTitle } from "../../../components/ui/page-title";
import { PasswordField } from "../../../components/ui/password-field";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { useRequestAdminAccess } from "../hooks/use-admin-queries";

/** The personal access code asked before any admin screen. */
export function AdminCodeForm() {
  const { t } = useTranslation("admin");
  const access = useFormMutation(useRequestAdminAccess(), { fallback: t("access.failed") });
  const [code, setCode] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code) {
      access.fail({ form: t("access.required") });
      return;
    }
    access.submit(code);
  }

  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-3xl border border-night-700 bg-night-850 p-6 sm:p-8">
        <div className="mb-4 grid size-12 place-items-center rounded-2xl bg-amber-400/15 text-amber-200">
          <Glyph name="lock" className="size-6" />
        </div>
        <PageTitle title={t("access.title")}>{t("access.title")}</PageTitle>
        <p className="mt-2 text-muted">{t("access.text")}</p>
        <form
          data-testid="admin-code-form"
          noValidate
          onSubmit={submit}
          className="mt-6 grid gap-4"
        >
          {access.error ? <Alert tone="error">{access.error}</Alert> : null}
          <PasswordField
            secret="code"
            label={t("access.code")}
            name="admin-code"
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            required
          />
          <Button type="submit" size="lg" disabled={access.pending || access.done}>
            {access.pending || access.done ? t("access.submitting") : t("access.submit")}
          </Button>
        </form>
      </div>
    </div>
  );
}
