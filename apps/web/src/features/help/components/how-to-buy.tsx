import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../../components/ui/button";
import { useLanguage } from "../../../lib/use-language";
import { HOW_TO_BUY_ANCHOR } from "../faq-items";
import { BOXES, formatRate, PACKS } from "../help-values";

const STEPS = ["install", "fund", "connect", "choose", "confirm"] as const;

/**
 * How to buy packs and boxes with a TON wallet (spec §2 "how-to-buy help text", §9 figures).
 * Needs the "help" catalog. On /faq it is the `#acheter` anchor.
 */
export function HowToBuy({ showShopLink = true }: { showShopLink?: boolean }) {
  const { t } = useTranslation("help");
  const { language } = useLanguage();
  const headingId = useId();
  return (
    <section
      id={HOW_TO_BUY_ANCHOR}
      data-testid="how-to-buy"
      aria-labelledby={headingId}
      tabIndex={-1}
      className="grid scroll-mt-20 gap-4 rounded-2xl border border-amber-300/30 bg-gradient-to-b from-amber-400/[0.07] to-night-900 p-4 focus:outline-none sm:p-5"
    >
      <div>
        <h2 id={headingId} className="text-lg font-bold text-white">
          {t("howToBuy.title")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("howToBuy.intro")}</p>
      </div>
      <ol aria-label={t("howToBuy.stepsLabel")} className="grid gap-3">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-3 text-sm leading-relaxed text-slate-200">
            <span
              aria-hidden="true"
              className="grid size-7 shrink-0 place-items-center rounded-full bg-amber-400 text-sm font-bold text-night-950"
            >
              {index + 1}
            </span>
            <span className="pt-0.5">{t(`howToBuy.steps.${step}`)}</span>
          </li>
        ))}
      </ol>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl border border-night-700 bg-night-850 p-3">
          <h3 className="font-semibold text-white">{t("howToBuy.packs.title")}</h3>
          <ul className="mt-2 grid gap-1 text-sm text-slate-200">
            {PACKS.map((pack) => (
              <li key={pack.name}>
                {t("howToBuy.packs.item", {
                  name: pack.name,
                  rate: formatRate(pack.rateNano, language),
                })}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-muted">{t("howToBuy.notes.packs")}</p>
        </div>
        <div className="rounded-xl border border-night-700 bg-night-850 p-3">
          <h3 className="font-semibold text-white">{t("howToBuy.boxes.title")}</h3>
          <ul className="mt-2 grid gap-1 text-sm text-slate-200">
            {BOXES.map((box) => (
              <li key={box.days}>
                {t("howToBuy.boxes.item", {
                  days: box.days,
                  rate: formatRate(box.rateNano, language),
                })}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-muted">{t("howToBuy.notes.boxes")}</p>
        </div>
      </div>
      {showShopLink ? (
        <div>
          <ButtonLink to="/shop" variant="secondary">
            {t("howToBuy.shop")}
          </ButtonLink>
        </div>
      ) : null}
    </section>
  );
}
