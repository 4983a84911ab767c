import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LEGAL_DOCUMENT_IDS, LEGAL_PATHS, type LegalDocumentId } from "../legal-paths";

/** The four documents, the open one marked: a reader goes from one to the next. */
export function LegalNav({ current }: { current: LegalDocumentId }) {
  const { t } = useTranslation("legal");
  return (
    <nav aria-label={t("nav")}>
      <ul className="flex flex-wrap gap-2">
        {LEGAL_DOCUMENT_IDS.map((id) => (
          <li key={id}>
            <Link
              to={LEGAL_PATHS[id]}
              aria-current={id === current ? "page" : undefined}
              className="inline-flex min-h-10 items-center rounded-full border border-night-700 bg-night-850 px-3 text-sm text-slate-200 hover:border-amber-300/60 aria-[current=page]:border-amber-300 aria-[current=page]:text-amber-200"
            >
              {t(`documents.${id}.title`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
