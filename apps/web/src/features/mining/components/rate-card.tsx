import {
  MAX_COUNTED_REFERRALS,
  parseFre,
  RATE_COMPONENTS,
  type RateBreakdown,
  type RateComponent,
} from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Glyph } from "../../../components/ui/glyph";
import { formatFre, formatFreColumn } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";

const SESSION_HOURS = 24n;

/** The three ways to raise the rate (spec §9): levels, referrals, boosts. */
const WAYS = [
  { key: "contest", to: "/contest", glyph: "star" },
  { key: "group", to: "/group", glyph: "users" },
  { key: "shop", to: "/shop", glyph: "bag" },
] as const;

function Row({
  label,
  detail,
  amount,
  testId,
  value,
}: {
  label: string;
  detail?: string | undefined;
  amount: string;
  testId: string;
  value: string;
}) {
  return (
    <div
      className="flex items-baseline justify-between gap-3 py-2.5"
      data-testid={testId}
      data-value={value}
    >
      <dt className="text-sm text-slate-300">
        {label}
        {detail ? <span className="block text-xs text-muted">{detail}</span> : null}
      </dt>
      <dd className="font-semibold tabular-nums text-slate-100">{amount}</dd>
    </div>
  );
}

/** Total rate and every part it is made of (spec §9), one row each, in RATE_COMPONENTS' order. */
export function RateCard({ rate }: { rate: RateBreakdown }) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  // The rows line up: each shows as many digits as the most precise of them needs.
  const amounts = formatFreColumn(
    RATE_COMPONENTS.map((component) => rate[component]),
    language,
    "rate",
    { signed: true },
  );
  const labels: Record<RateComponent, string> = {
    base: t("mining.rate.base"),
    levels: t("mining.rate.levels"),
    referrals: t("mining.rate.referrals"),
    packs: t("mining.rate.packs"),
    boosts: t("mining.rate.boosts"),
  };
  const details: Partial<Record<RateComponent, string>> = {
    referrals: t("mining.rate.referralsDetail", {
      count: rate.activeReferrals,
      counted: rate.countedReferrals,
      max: MAX_COUNTED_REFERRALS,
    }),
  };
  const perSession = formatFre(parseFre(rate.total) * SESSION_HOURS, language, "balance");
  return (
    <section
      aria-labelledby="rate-title"
      className="rounded-3xl border border-night-700 bg-night-850 p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2
            id="rate-title"
            className="text-sm font-semibold uppercase tracking-wider text-amber-300"
          >
            {t("mining.rate.title")}
          </h2>
          <p className="mt-1 text-2xl font-bold tabular-nums text-white">
            <span data-testid="mining-rate" data-value={rate.total}>
              {formatFre(rate.total, language, "rate")}
            </span>{" "}
            <span className="text-base font-semibold text-muted">{t("mining.rate.unit")}</span>
          </p>
          <p className="mt-1 text-sm text-muted">
            {t("mining.rate.perSession", { amount: perSession })}
          </p>
        </div>
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-2xl bg-amber-400/12 text-amber-200"
        >
          <Glyph name="bolt" className="size-6" />
        </span>
      </div>
      <dl className="mt-3 divide-y divide-night-700 border-t border-night-700">
        {RATE_COMPONENTS.map((component, index) => (
          <Row
            key={component}
            label={labels[component]}
            detail={details[component]}
            amount={amounts[index] ?? ""}
            testId={`rate-row-${component}`}
            value={rate[component]}
          />
        ))}
      </dl>
      <nav aria-labelledby="rate-raise-title" className="mt-4">
        <h3 id="rate-raise-title" className="text-sm font-semibold text-slate-200">
          {t("mining.rate.raise")}
        </h3>
        <ul className="mt-2 grid gap-2" data-testid="rate-ways">
          {WAYS.map((way) => (
            <li key={way.to}>
              <Link
                to={way.to}
                className="flex min-h-11 items-center gap-3 rounded-xl border border-night-700 bg-night-900/60 px-3 py-2 text-sm font-semibold text-amber-100 transition-colors hover:border-amber-300/50 focus-visible:outline-2 focus-visible:outline-amber-300"
              >
                <Glyph name={way.glyph} className="size-5 shrink-0 text-amber-300" />
                <span className="flex-1">{t(`mining.rate.ways.${way.key}`)}</span>
                <span aria-hidden="true">→</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
