import type { LegalInfo } from "@fre/shared";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { openConsentDialog } from "../../cookie-consent";
import type { LegalDocumentId } from "../legal-paths";
import { LegalRichText } from "./legal-rich-text";
import { OperatorDetails } from "./operator-details";
import { StorageList } from "./storage-list";

interface Section {
  title: string;
  body: string;
}

function ConsentChoicesButton() {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" className="w-fit" onClick={openConsentDialog}>
      {t("footer.privacySettings")}
    </Button>
  );
}

/** What a document shows besides its texts, after the section it belongs to. */
const AFTER_SECTION: Partial<Record<LegalDocumentId, Record<string, () => ReactNode>>> = {
  cookies: {
    list: () => <StorageList />,
    choices: () => <ConsentChoicesButton />,
  },
};

/** One legal document, its texts filled with the operator's details. */
export function LegalDocument({ id, info }: { id: LegalDocumentId; info: LegalInfo }) {
  const { t } = useTranslation("legal");
  const values = {
    name: info.operator.name,
    address: info.operator.address,
    email: info.operator.email,
    privacyEmail: info.privacyEmail,
    hostName: info.host.name,
  };
  const sections = t(`documents.${id}.sections`, {
    ...values,
    returnObjects: true,
  }) as unknown as Record<string, Section>;
  const extras = AFTER_SECTION[id] ?? {};
  return (
    <div className="grid gap-6 text-[0.95rem] leading-relaxed text-slate-200">
      {info.demo ? <Alert tone="info">{t("demoNotice")}</Alert> : null}
      <p data-testid="legal-intro">{t(`documents.${id}.intro`, values)}</p>
      {id === "mentions" ? <OperatorDetails info={info} /> : null}
      {Object.entries(sections).map(([key, section]) => (
        <section key={key} aria-labelledby={`legal-${key}`} className="grid gap-3">
          <h2 id={`legal-${key}`} className="text-lg font-semibold text-white">
            {section.title}
          </h2>
          <LegalRichText text={section.body} />
          {extras[key]?.()}
        </section>
      ))}
    </div>
  );
}
