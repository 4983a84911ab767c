import { REFERRAL_CODE_INPUT_MAX_LENGTH } from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { useSetReferrer } from "../hooks/use-referrals";

/** Joined without a code? A referrer can still be set, once (the server checks the rules). */
export function SetReferrerForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const [code, setCode] = useState("");
  const referrer = useFormMutation(useSetReferrer(), { fallback: tc("errors.generic") });

  function submit(event: FormEvent) {
    event.preventDefault();
    referrer.submit(code.trim().toUpperCase(), { onSuccess: onDone });
  }

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
          maxLength={REFERRAL_CODE_INPUT_MAX_LENGTH}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        {referrer.error ? <Alert tone="error">{referrer.error}</Alert> : null}
        <Button
          type="submit"
          variant="secondary"
          className="w-full sm:w-fit"
          disabled={referrer.pending}
        >
          {referrer.pending ? t("group.referrer.submitting") : t("group.referrer.submit")}
        </Button>
      </form>
    </section>
  );
}
