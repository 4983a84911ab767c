import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { useSetReferrer } from "../hooks/use-referrals";

/** Joined without a code? A referrer can still be set, once (the server checks the rules). */
export function SetReferrerForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const [code, setCode] = useState("");
  const mutation = useSetReferrer();

  function submit(event: FormEvent) {
    event.preventDefault();
    mutation.mutate(code.trim().toUpperCase(), { onSuccess: onDone });
  }

  const error = mutation.error
    ? isApiError(mutation.error)
      ? mutation.error.message
      : tc("errors.generic")
    : undefined;

  return (
    <section
      aria-labelledby="referrer-title"
      className="rounded-3xl border border-night-700 bg-night-850 p-5"
    >
      <h2 id="referrer-title" className="text-lg font-semibold text-white">
        {t("group.referrer.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("group.referrer.text")}</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-3">
        <TextField
          label={t("group.referrer.label")}
          name="referrer-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button
          type="submit"
          variant="secondary"
          className="w-full sm:w-fit"
          disabled={mutation.isPending}
        >
          {mutation.isPending ? t("group.referrer.submitting") : t("group.referrer.submit")}
        </Button>
      </form>
    </section>
  );
}
