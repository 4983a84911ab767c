import { adminCodeChangeBodySchema } from "@fre/shared";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { PasswordField } from "../../../components/ui/password-field";
import { PageLoader } from "../../../components/ui/spinner";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { CommunityLinksCard } from "../../legal/admin";
import { AuditLog } from "../components/audit-log";
import { useChangeAdminCode } from "../hooks/use-admin-queries";

// The platform's switches: their own chunk, fetched with this screen only.
const FeaturesPanel = lazy(() =>
  import("../../platform-status/admin").then((m) => ({ default: m.FeaturesPanel })),
);

function ChangeCodeForm() {
  const { t } = useTranslation("admin");
  const change = useFormMutation(useChangeAdminCode(), { fallback: t("security.changeFailed") });
  const [code, setCode] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    // Too short is the spec's own message; a too long code is the server's to refuse.
    const checked = adminCodeChangeBodySchema.shape.code.safeParse(code);
    if (!checked.success && checked.error.issues.some((issue) => issue.code === "too_small")) {
      change.fail({ form: t("security.tooShort") });
      return;
    }
    change.submit(code, { onSuccess: () => setCode("") });
  }

  return (
    <form
      data-testid="admin-change-code-form"
      noValidate
      onSubmit={submit}
      aria-labelledby="change-code-title"
      className="grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-5"
    >
      <h2 id="change-code-title" className="text-lg font-semibold text-white">
        {t("security.changeTitle")}
      </h2>
      {change.done ? <Alert tone="success">{t("security.success")}</Alert> : null}
      {change.error ? <Alert tone="error">{change.error}</Alert> : null}
      <PasswordField
        secret="code"
        label={t("security.newCode")}
        name="new-admin-code"
        autoComplete="new-password"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (change.done) change.reset();
        }}
        hint={t("security.newCodeHint")}
        required
      />
      <Button type="submit" disabled={change.pending} className="sm:w-fit">
        {change.pending ? t("security.submitting") : t("security.submit")}
      </Button>
    </form>
  );
}

export function AdminSecurityPage() {
  const { t } = useTranslation("admin");
  const title = t("pages.security");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <Suspense fallback={<PageLoader />}>
        <FeaturesPanel />
      </Suspense>
      <ChangeCodeForm />
      <CommunityLinksCard />
      <AuditLog />
    </div>
  );
}
