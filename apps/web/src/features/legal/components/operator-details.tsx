import type { LegalInfo } from "@fre/shared";
import { useTranslation } from "react-i18next";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="break-words text-slate-100">{children}</dd>
    </div>
  );
}

const mail = (address: string) => (
  <a
    href={`mailto:${address}`}
    className="font-medium text-amber-200 underline underline-offset-2 hover:text-amber-100"
  >
    {address}
  </a>
);

/** The publisher, the publication director, the host and the privacy contact (LCEN art. 6). */
export function OperatorDetails({ info }: { info: LegalInfo }) {
  const { t } = useTranslation("legal");
  const { operator, host } = info;
  const card = "grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4 sm:p-5";
  const heading = "text-base font-semibold text-white";
  return (
    <div className="grid gap-4" data-testid="legal-operator">
      <section className={card} aria-labelledby="legal-publisher">
        <h2 id="legal-publisher" className={heading}>
          {t("operator.publisherTitle")}
        </h2>
        <dl className="grid gap-3">
          <Row label={t("operator.name")}>{operator.name}</Row>
          <Row label={t("operator.legalForm")}>{operator.legalForm}</Row>
          <Row label={t("operator.address")}>{operator.address}</Row>
          <Row label={t("operator.registration")}>{operator.registration}</Row>
          <Row label={t("operator.phone")}>{operator.phone}</Row>
          <Row label={t("operator.email")}>{mail(operator.email)}</Row>
          <Row label={t("operator.publicationDirector")}>{operator.publicationDirector}</Row>
        </dl>
      </section>
      <section className={card} aria-labelledby="legal-host">
        <h2 id="legal-host" className={heading}>
          {t("operator.hostTitle")}
        </h2>
        <dl className="grid gap-3">
          <Row label={t("operator.hostName")}>{host.name}</Row>
          <Row label={t("operator.hostAddress")}>{host.address}</Row>
          <Row label={t("operator.hostPhone")}>{host.phone}</Row>
        </dl>
      </section>
      <section className={card} aria-labelledby="legal-privacy-contact">
        <h2 id="legal-privacy-contact" className={heading}>
          {t("operator.privacyTitle")}
        </h2>
        <dl className="grid gap-3">
          <Row label={t("operator.privacyEmail")}>{mail(info.privacyEmail)}</Row>
        </dl>
      </section>
    </div>
  );
}
