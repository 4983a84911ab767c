import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("Copy refused");
}

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
