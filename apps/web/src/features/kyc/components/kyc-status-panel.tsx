import type { KycState } from "@fre/shared";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button, ButtonLink } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";

const TONES = {
  pending: { box: "border-sky-400/40 bg-sky-500/10", text: "text-sky-100" },
  approved: { box: "border-emerald-400/50 bg-emerald-500/10", text: "text-emerald-100" },
  rejected: { box: "border-rose-400/50 bg-rose-500/10", text: "text-rose-100" },
  /** Approved, but a new check is needed before the next withdrawal (decision 0045). */
  recheck: { box: "border-amber-400/50 bg-amber-500/10", text: "text-amber-100" },
} as const;

type Status = keyof typeof TONES;

/**
 * One state's panel: its tone, title and text, a detail (the rejection's reason), the date it
 * got there, then what is next (`children`).
 */
function StatusPanel({
  status,
  detail,
  date,
  focusOnShow,
  children,
}: {
  status: Status;
  detail?: ReactNode;
  /** The translated "since" line ("Envoyée le …"), when the date is known. */
  date: string | null;
  focusOnShow: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("kyc");
  const tone = TONES[status];
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Just submitted from the bottom of a long form: the short card that replaces it would sit
  // above the screen. The page is shown from its top (title, then the card), or from the card's
  // own top when it does not fit below the title; its title then takes the focus (read first).
  useEffect(() => {
    if (!focusOnShow) return;
    window.scrollTo({ top: 0 });
    section.current?.scrollIntoView({ block: "nearest" });
    heading.current?.focus({ preventScroll: true });
  }, [focusOnShow]);
  return (
    <section
      ref={section}
      className={`grid scroll-mt-20 scroll-mb-28 gap-3 rounded-2xl border p-5 ${tone.box}`}
      data-testid={`kyc-status-${status}`}
      aria-labelledby="kyc-status-title"
    >
      <h2
        id="kyc-status-title"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-bold text-white focus:outline-none"
      >
        {t(`status.${status}Title`)}
      </h2>
      <p className={`text-sm ${tone.text}`}>{t(`status.${status}Text`)}</p>
      {detail}
      {date ? <p className="text-sm text-slate-300">{date}</p> : null}
      {children}
    </section>
  );
}

/**
 * Where a submitted request stands (spec §4): under review, approved, or rejected; approved but
 * to be done again when a new identity check is needed (nothing more is said: no score, no reason).
 */
export function KycStatusPanel({
  state,
  onRestart,
  focusOnShow = false,
}: {
  state: KycState;
  onRestart: () => void;
  /** Set when this page just submitted the request. */
  focusOnShow?: boolean;
}) {
  const { t } = useTranslation("kyc");
  const { language } = useLanguage();
  const at = (key: "status.submittedAt" | "status.reviewedAt", iso: string | null | undefined) =>
    iso ? t(key, { date: formatDateTime(iso, language) }) : null;
  if (state.status === "pending") {
    return (
      <StatusPanel
        status="pending"
        date={at("status.submittedAt", state.submittedAt)}
        focusOnShow={focusOnShow}
      />
    );
  }
  if (state.status === "approved" && state.recheckRequired) {
    return (
      <StatusPanel
        status="recheck"
        date={at("status.reviewedAt", state.reviewedAt)}
        focusOnShow={focusOnShow}
      >
        <Button onClick={onRestart} className="w-fit">
          {t("status.recheckStart")}
        </Button>
      </StatusPanel>
    );
  }
  if (state.status === "approved") {
    return (
      <StatusPanel
        status="approved"
        date={at("status.reviewedAt", state.reviewedAt)}
        focusOnShow={focusOnShow}
      >
        <ButtonLink to="/withdrawal" className="w-fit">
          {t("status.toWithdrawal")}
        </ButtonLink>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel
      status="rejected"
      date={at("status.reviewedAt", state.reviewedAt)}
      focusOnShow={focusOnShow}
      detail={
        state.rejectionReason ? (
          <blockquote
            className="rounded-xl border border-rose-400/30 bg-night-900 px-4 py-3 text-sm text-slate-100"
            data-testid="kyc-rejection-reason"
          >
            <span className="block text-xs text-muted">{t("status.reason")}</span>
            {state.rejectionReason}
          </blockquote>
        ) : null
      }
    >
      <Button onClick={onRestart} className="w-fit">
        {t("status.restart")}
      </Button>
    </StatusPanel>
  );
}
