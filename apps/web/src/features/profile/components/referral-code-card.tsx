import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { copyText } from "../../../lib/clipboard";

export function ReferralCode({ code }: { code: string }) {
  const { t } = useTranslation("app");
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = window.setTimeout(() => setState("idle"), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  return (
    <div className="flex items-center justify-between gap-3">
      <div>
        <p className="text-sm text-muted">{t("profile.referralCode")}</p>
        <p
          data-testid="referral-code"
          className="font-mono text-lg font-bold tracking-widest text-amber-200"
        >
          {code}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        aria-label={t("profile.copyCode", { code })}
        onClick={() =>
          copyText(code).then(
            () => setState("copied"),
            () => setState("failed"),
          )
        }
      >
        {state === "copied" ? t("profile.copied") : t("profile.copy")}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied"
          ? t("profile.copied")
          : state === "failed"
            ? t("profile.copyFailed")
            : ""}
      </span>
    </div>
  );
}
