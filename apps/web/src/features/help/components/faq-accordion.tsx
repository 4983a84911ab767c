import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Glyph } from "../../../components/ui/glyph";
import { useLanguage } from "../../../lib/use-language";
import { FAQ_ITEMS, type FaqId } from "../faq-items";
import { faqValues } from "../help-values";
import { HelpText } from "./help-text";

const linkClass =
  "inline-flex min-h-9 items-center gap-1 rounded-lg text-sm font-semibold text-amber-200 underline-offset-4 hover:underline";

/**
 * The questions as native disclosure widgets (<details>/<summary>): keyboard, screen readers
 * and find-in-page work without script. `open` is controlled so `/faq#id` can open one.
 */
export function FaqAccordion({
  open,
  onToggle,
}: {
  open: ReadonlySet<FaqId>;
  onToggle: (id: FaqId, isOpen: boolean) => void;
}) {
  const { t } = useTranslation("help");
  const { language } = useLanguage();
  const values = faqValues(language);
  return (
    <ul data-testid="faq-list" aria-label={t("faq.listLabel")} className="grid gap-2">
      {FAQ_ITEMS.map((item) => (
        <li key={item.id}>
          <details
            id={item.id}
            data-id={item.id}
            open={open.has(item.id)}
            onToggle={(event) => {
              const isOpen = event.currentTarget.open;
              if (isOpen !== open.has(item.id)) onToggle(item.id, isOpen);
            }}
            className="group scroll-mt-20 rounded-2xl border border-night-700 bg-night-850 open:border-amber-300/40 open:bg-night-800/60"
          >
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 font-semibold text-white hover:text-amber-100 focus-visible:outline-2 focus-visible:outline-amber-300 [&::-webkit-details-marker]:hidden">
              <span>{t(`faq.items.${item.id}.q`)}</span>
              <Glyph
                name="chevronDown"
                className="size-5 shrink-0 text-amber-300 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="grid gap-3 px-4 pb-4">
              <HelpText text={t(`faq.items.${item.id}.a`, values)} />
              {item.links.length > 0 ? (
                <p className="flex flex-wrap gap-x-4">
                  {item.links.map((link) =>
                    link.to.startsWith("#") ? (
                      <a key={link.to} href={link.to} className={linkClass}>
                        {t(`faq.links.${link.label}`)} <span aria-hidden="true">↓</span>
                      </a>
                    ) : (
                      <Link key={link.to} to={link.to} className={linkClass}>
                        {t(`faq.links.${link.label}`)} <span aria-hidden="true">→</span>
                      </Link>
                    ),
                  )}
                </p>
              ) : null}
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
