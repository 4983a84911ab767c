import { EARNINGS_TICK_MS, formatNano, parseFre } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatFre, formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { useMiningQuery, useNow } from "../hooks/use-mining";
import { liveEarningsNano, serverNow } from "../mining-clock";

/** The session's earnings not credited yet, moving with the counter; null when none is pending. */
function usePendingEarnings(): bigint | null {
  const { data: snapshot } = useMiningQuery();
  const session = snapshot?.session ?? null;
  const pending = session !== null && !session.claimed;
  const localNow = useNow(EARNINGS_TICK_MS, pending);
  if (!snapshot || !session || !pending) return null;
  const now = serverNow(snapshot.clockOffsetMs, localNow);
  return liveEarningsNano(session, now - (now % EARNINGS_TICK_MS));
}

function safeNano(amount: string): bigint | null {
  try {
    return parseFre(amount);
  } catch {
    return null;
  }
}

/**
 * Spendable balance and lifetime total, with the way to the wallet. While a session runs the
 * balance reads what it will be once claimed (balance + earnings so far), live.
 */
export function BalanceCard({ balance, totalMined }: { balance: string; totalMined: string }) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  const pending = usePendingEarnings();
  const credited = safeNano(balance);
  const live = pending !== null && credited !== null;
  const shown = live ? credited + pending : credited;
  return (
    <Link
      to="/wallet"
      className="group grid grid-cols-2 gap-4 rounded-3xl border border-night-700 bg-night-850 p-5 transition-colors hover:border-amber-300/50"
    >
      <div>
        <p className="text-sm text-muted">{live ? t("mining.balanceLive") : t("mining.balance")}</p>
        <p
          data-testid="balance"
          data-value={shown === null ? balance : formatNano(shown)}
          data-live={live}
          className="mt-1 text-lg font-bold tabular-nums text-white"
        >
          {shown === null ? balance : formatFre(shown, language, live ? "liveBalance" : "balance")}{" "}
          <span className="text-sm font-semibold text-muted">FRE</span>
        </p>
        {live ? (
          <p className="mt-0.5 text-xs tabular-nums text-amber-200/90">
            {t("mining.inProgress", { amount: formatFre(pending, language, "liveBalance") })}
          </p>
        ) : null}
      </div>
      <div>
        <p className="text-sm text-muted">{t("mining.totalMined")}</p>
        <p className="mt-1 text-lg font-bold tabular-nums text-white">
          {formatFreSafe(totalMined, language, "balance")}{" "}
          <span className="text-sm font-semibold text-muted">FRE</span>
        </p>
      </div>
      <p className="col-span-2 flex items-center gap-1.5 text-sm font-semibold text-amber-200">
        {t("mining.openWallet")}
        <span aria-hidden="true" className="transition-transform group-hover:translate-x-0.5">
          →
        </span>
      </p>
    </Link>
  );
}
