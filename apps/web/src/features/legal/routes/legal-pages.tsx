import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { formatDate } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
import { LegalDocument } from "../components/legal-document";
import { LegalNav } from "../components/legal-nav";
import { useLegalInfo } from "../hooks/use-legal-info";
import type { LegalDocumentId } from "../legal-paths";

/** When the texts last changed (shown at the top of each document). */
const TEXTS_UPDATED = "2026-11-26T12:00:00Z";

function LegalPage({ id }: { id: LegalDocumentId }) {
  const { t } = useTranslation("legal");
  const { language } = useLanguage();
  const info = useLegalInfo();
  const title = t(`documents.${id}.title`);
  return (
    <article className="grid grid-cols-1 gap-5" data-testid={`legal-${id}`}>
      <header className="grid gap-1">
        <PageTitle title={title}>{title}</PageTitle>
        <p className="text-sm text-muted">
          {t("updated", { date: formatDate(TEXTS_UPDATED, language) })}
        </p>
      </header>
      <LegalNav current={id} />
      <QueryState query={info}>{(data) => <LegalDocument id={id} info={data} />}</QueryState>
    </article>
  );
}

/** Each document's page, for the router. */
export const LEGAL_PAGES: Record<LegalDocumentId, () => ReactNode> = {
  mentions: () => <LegalPage id="mentions" />,
  terms: () => <LegalPage id="terms" />,
  privacy: () => <LegalPage id="privacy" />,
  cookies: () => <LegalPage id="cookies" />,
};
