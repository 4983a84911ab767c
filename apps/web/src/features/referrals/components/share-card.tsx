import { MAX_COUNTED_REFERRALS, REFERRAL_BONUS_NANO } from "@fre/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Glyph } from "../../../components/ui/glyph";
import { copyText } from "../../../lib/clipboard";
import { formatFre } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { useCopy } from "../hooks/use-copy";
import { type ShareOutcome, shareInvite } from "../share-invite";

function CopyRow({
  label,
  value,
  copyLabel,
  testId,
  mono = false,
}: {
  label: string;
  value: string;
  copyLabel: string;
  testId: string;
  mono?: boolean;
}) {
  const { t } = useTranslation("app");
  const [state, copy] = useCopy();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <p className="text-sm text-muted">{label}</p>
      <div className="flex items-center gap-2 rounded-xl border border-night-600 bg-night-900/70 py-1.5 pl-3 pr-1.5">
        <p
          data-testid={testId}
          className={`min-w-0 flex-1 truncate ${
            mono
              ? "font-mono text-lg font-bold tracking-widest text-amber-200"
              : "text-sm text-slate-100"
          }`}
        >
          {value}
        </p>
        <Button variant="secondary" size="sm" aria-label={copyLabel} onClick={() => copy(value)}>
          {state === "copied" ? t("group.copied") : t("group.copy")}
        </Button>
      </div>
      <span role="status" className="sr-only">
        {state === "copied" ? t("group.copied") : state === "failed" ? t("group.copyFailed") : ""}
      </span>
    </div>
  );
}

/** My code and my invitation link, to copy or hand to the system share sheet (copied without one). */
export function ShareCard({ code, link }: { code: string; link: string }) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  const bonus = formatFre(REFERRAL_BONUS_NANO, language, "rate");
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);

  useEffect(() => {
    if (outcome !== "copied") return;
    const timer = window.setTimeout(() => setOutcome(null), 4000);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  async function share() {
    setOutcome(null);
    const invite = {
      title: t("group.shareTitle"),
      text: t("group.shareText", { code }),
      url: link,
    };
    const canShare = typeof navigator.share === "function";
    setOutcome(
      await shareInvite(invite, {
        share: canShare ? (data) => navigator.share(data) : undefined,
        copy: copyText,
      }),
    );
  }

  return (
    <section
      aria-labelledby="share-title"
      className="grid grid-cols-1 gap-4 rounded-3xl border border-amber-300/30 bg-gradient-to-br from-amber-400/15 via-night-850 to-night-850 p-5"
    >
      <div>
        <h2 id="share-title" className="text-lg font-bold text-white">
          {t("group.inviteTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-300">
          {t("group.inviteText", { bonus, max: MAX_COUNTED_REFERRALS })}
        </p>
      </div>
      <div>
        <Button data-testid="share-invite" className="w-full" onClick={() => void share()}>
          <Glyph name="share" />
          {t("group.share")}
        </Button>
        <p
          role="status"
          data-testid="share-status"
          data-outcome={outcome ?? ""}
          className="text-center text-sm font-medium"
        >
          {outcome === "copied" ? (
            <span className="text-emerald-200">{t("group.shareCopied")}</span>
          ) : outcome === "failed" ? (
            <span className="text-rose-300">{t("group.shareFailed")}</span>
          ) : null}
        </p>
      </div>
      <CopyRow
        label={t("group.code")}
        value={code}
        copyLabel={t("group.copyCode", { code })}
        testId="referral-code"
        mono
      />
      <CopyRow
        label={t("group.link")}
        value={link}
        copyLabel={t("group.copyLink")}
        testId="referral-link"
      />
    </section>
  );
}
