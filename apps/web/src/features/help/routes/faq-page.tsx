import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { ButtonLink } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { FaqAccordion } from "../components/faq-accordion";
import { HowToBuy } from "../components/how-to-buy";
import { type FaqId, isFaqId } from "../faq-items";

/** /faq: the new miner's questions, the how-to-buy section (`#acheter`) and a way to support. */
export function FaqPage() {
  const { t } = useTranslation("help");
  const { t: tc } = useTranslation();
  const { hash } = useLocation();
  const [open, setOpen] = useState<ReadonlySet<FaqId>>(() => new Set());
  const title = tc("pages.faq");

  // `/faq#kyc` opens that answer; `/faq#acheter` shows the how-to-buy section. The scroll waits
  // a task: the layout scrolls new pages to the top after this effect has run.
  useEffect(() => {
    const target = decodeURIComponent(hash.slice(1));
    if (!target) return;
    if (isFaqId(target)) setOpen((current) => new Set(current).add(target));
    const timer = window.setTimeout(() => {
      const element = document.getElementById(target);
      if (!element) return;
      element.scrollIntoView({ block: "start" });
      const focusable = element.tagName === "DETAILS" ? element.querySelector("summary") : element;
      focusable?.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [hash]);

  return (
    <div className="grid grid-cols-1 gap-5">
      <div>
        <PageTitle title={title}>{title}</PageTitle>
        <p className="mt-1 text-sm text-muted">{t("faq.intro")}</p>
      </div>
      <FaqAccordion
        open={open}
        onToggle={(id, isOpen) =>
          setOpen((current) => {
            const next = new Set(current);
            if (isOpen) next.add(id);
            else next.delete(id);
            return next;
          })
        }
      />
      <HowToBuy />
      <section className="grid gap-3 rounded-2xl border border-night-700 bg-night-900 p-4 sm:p-5">
        <h2 className="text-lg font-bold text-white">{t("faq.more.title")}</h2>
        <p className="text-sm text-muted">{t("faq.more.text")}</p>
        <div>
          <ButtonLink to="/support">{t("faq.more.action")}</ButtonLink>
        </div>
      </section>
    </div>
  );
}
