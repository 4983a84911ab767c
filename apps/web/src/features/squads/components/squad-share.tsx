import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { copyText } from "../../../lib/clipboard";
import { squadShareLink } from "../squad-path";
import { card } from "./squad-card-styles";

type CopyState = "idle" | "copied" | "failed";

/** The squad's link with the creator's referral code: to copy, or to the system share sheet. */
export function SquadShare({
  id,
  name,
  inviteCode,
}: {
  id: string;
  name: string;
  inviteCode: string | null;
}) {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  const [state, setState] = useState<CopyState>("idle");
  const link = squadShareLink(window.location.origin, id, inviteCode);
  useEffect(() => {
    if (state === "idle") return;
    const timer = window.setTimeout(() => setState("idle"), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);
  const copy = () =>
    void copyText(link).then(
      () => setState("copied"),
      () => setState("failed"),
    );
  const share = () => {
    const data = { title: name, text: t("share.text", { name }), url: link };
    if (typeof navigator.share === "function") {
      // A dismissed sheet is no failure; a refused one falls back to the copy.
      navigator.share(data).catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === "AbortError")) copy();
      });
    } else copy();
  };
  return (
    <section className={card} aria-labelledby="squad-share-title">
      <h2 id="squad-share-title" className="text-lg font-semibold text-white">
        {t("share.title")}
      </h2>
      <p className="text-sm text-slate-300">{t("share.hint")}</p>
      <div className="flex min-w-0 items-center gap-2 rounded-xl border border-night-600 bg-night-900/70 py-1.5 pl-3 pr-1.5">
        <a
          href={link}
          data-testid="squad-share-link"
          className="min-w-0 flex-1 truncate text-sm text-slate-100"
        >
          {link}
        </a>
        <Button variant="secondary" size="sm" onClick={copy}>
          {state === "copied" ? t("share.copied") : t("share.copy")}
        </Button>
      </div>
      <Button variant="secondary" onClick={share}>
        {t("share.button")}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied" ? t("share.copied") : state === "failed" ? t("share.copyFailed") : ""}
      </span>
    </section>
  );
}
