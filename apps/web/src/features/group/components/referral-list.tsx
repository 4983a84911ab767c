import type { Referrals } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Glyph } from "../../../components/ui/glyph";
import { intlLocale } from "../../../lib/languages";
import { useLanguage } from "../../../lib/use-language";

function joinedOn(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium" }).format(date);
}

export function ReferralList({ referrals }: { referrals: Referrals["referrals"] }) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  if (referrals.length === 0) {
    return (
      <div
        data-testid="referral-list"
        data-count="0"
        className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-night-600 px-5 py-8 text-center"
      >
        <span className="grid size-12 place-items-center rounded-full bg-night-800 text-amber-200">
          <Glyph name="users" className="size-6" />
        </span>
        <p className="font-semibold text-slate-100">{t("group.empty.title")}</p>
        <p className="text-sm text-muted">{t("group.empty.text")}</p>
      </div>
    );
  }
  // Miners first, then the newest.
  const sorted = [...referrals].sort(
    (a, b) => Number(b.active) - Number(a.active) || b.joinedAt.localeCompare(a.joinedAt),
  );
  return (
    <ul
      data-testid="referral-list"
      data-count={referrals.length}
      className="divide-y divide-night-700 overflow-hidden rounded-2xl border border-night-700 bg-night-850"
    >
      {sorted.map((referral) => (
        <li
          key={`${referral.nickname}-${referral.joinedAt}`}
          data-active={referral.active}
          className="flex items-center gap-3 px-4 py-3"
        >
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-full bg-night-700 font-bold text-slate-100"
          >
            {referral.nickname.slice(0, 1).toUpperCase()}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-slate-100">{referral.nickname}</p>
            <p className="text-xs text-muted">
              {t("group.joined", { date: joinedOn(referral.joinedAt, language) })}
            </p>
          </div>
          <span
            className={`inline-flex items-center gap-1.5 text-xs font-medium ${
              referral.active ? "text-emerald-200" : "text-muted"
            }`}
          >
            <span
              aria-hidden="true"
              className={`size-2.5 rounded-full ${
                referral.active
                  ? "bg-emerald-400 shadow-[0_0_8px_rgba(52,211,153,0.8)]"
                  : "bg-night-600"
              }`}
            />
            {referral.active ? t("group.activeNow") : t("group.inactive")}
          </span>
        </li>
      ))}
    </ul>
  );
}
