import type { Referrals } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * The security circle's word on the referrals screen (decision 0043): why only some referrals
 * count when no complete, active circle backs the user, and the way to /circle either way.
 */
export function CircleNotice({ referrals }: { referrals: Referrals }) {
  const { t } = useTranslation("app");
  const cap = referrals.circleCap;
  const capped = cap !== undefined && referrals.activeCount > cap;
  return (
    <section
      aria-labelledby="circle-notice-title"
      data-testid="circle-notice"
      className={`grid gap-2 rounded-2xl border p-4 ${
        capped ? "border-amber-400/60 bg-amber-400/10" : "border-night-700 bg-night-850"
      }`}
    >
      <h2 id="circle-notice-title" className="font-semibold text-white">
        {capped ? t("circleLink.capped") : t("circleLink.title")}
      </h2>
      {cap !== undefined ? (
        <p className="text-sm text-slate-200">{t("circleLink.cappedDetail", { cap })}</p>
      ) : null}
      <Link to="/circle" className="justify-self-start text-amber-200 underline underline-offset-2">
        {t("circleLink.open")}
      </Link>
    </section>
  );
}
