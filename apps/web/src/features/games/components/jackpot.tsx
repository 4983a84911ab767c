import { useTranslation } from "react-i18next";
import { freText } from "../game-text";
import { panelClasses } from "./game-ui";

/** The progressive jackpot's pool (read again every few seconds on the screens showing it). */
export function Jackpot({ amount }: { amount: string }) {
  const { t, i18n } = useTranslation("games");
  return (
    <section
      aria-live="polite"
      className={`${panelClasses} border-amber-300/40 bg-gradient-to-br from-amber-500/10 to-night-850`}
    >
      <h2 className="text-sm font-semibold uppercase tracking-wide text-amber-200">
        {t("jackpot.title")}
      </h2>
      <p
        key={amount}
        data-testid="games-jackpot"
        className="text-3xl font-bold text-amber-300 motion-safe:animate-tick"
      >
        {t("jackpot.amount", { amount: freText(amount, i18n.language) })}
      </p>
      <p className="mt-1 text-xs text-slate-300">{t("jackpot.hint")}</p>
    </section>
  );
}
