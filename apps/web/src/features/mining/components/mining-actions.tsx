import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Spinner } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { focusVerificationResend } from "../../email-verification";
import type { MiningPanelState } from "../hooks/use-mining-panel";

const buttonSpinner = "size-5 border-night-950/30 border-t-night-950";

interface MiningActionsProps {
  panel: MiningPanelState;
  emailVerified: boolean;
  /** An amount of FRE as a balance reads it. */
  amount: (nano: bigint | string) => string;
}

/** The one action that fits the session (start, claim or stop), and what went wrong. */
export function MiningActions({ panel, emailVerified, amount }: MiningActionsProps) {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const hintId = useId();
  const { phase, busy, start, claim, stop, failure } = panel;
  const failureText = failure ? (isApiError(failure) ? failure.message : tc("errors.generic")) : "";

  return (
    <>
      <div className="mt-5 grid gap-3">
        {phase === "idle" || phase === "claimed" ? (
          <>
            <Button
              data-testid="mining-start"
              size="lg"
              className="w-full"
              disabled={!emailVerified || busy}
              aria-describedby={!emailVerified ? hintId : undefined}
              onClick={start.run}
            >
              {start.pending ? <Spinner className={buttonSpinner} /> : null}
              {start.pending
                ? t("mining.actions.starting")
                : phase === "claimed"
                  ? t("mining.actions.startAgain")
                  : t("mining.actions.start")}
            </Button>
            {!emailVerified ? (
              <div className="grid gap-2 rounded-2xl border border-amber-300/40 bg-amber-400/10 p-3 text-sm text-amber-50">
                <p id={hintId}>{t("mining.verifyFirst")}</p>
                <Button
                  variant="secondary"
                  size="sm"
                  className="w-fit"
                  onClick={focusVerificationResend}
                >
                  {t("mining.verifyAction")}
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
        {phase === "ended" ? (
          <Button
            data-testid="mining-claim"
            size="lg"
            className="w-full"
            disabled={busy}
            onClick={claim.run}
          >
            {claim.pending ? <Spinner className={buttonSpinner} /> : null}
            {claim.pending
              ? t("mining.actions.claiming")
              : t("mining.actions.claim", { amount: amount(panel.earnings) })}
          </Button>
        ) : null}
        {phase === "active" ? (
          <Button
            data-testid="mining-stop"
            variant="ghost"
            className="mx-auto text-muted"
            disabled={busy}
            onClick={stop.ask}
          >
            {t("mining.actions.stop")}
          </Button>
        ) : null}
        {failureText ? <Alert tone="error">{failureText}</Alert> : null}
      </div>

      <ConfirmDialog
        open={stop.asking}
        title={t("mining.stopDialog.title")}
        confirmLabel={stop.pending ? t("mining.actions.stopping") : t("mining.stopDialog.confirm")}
        cancelLabel={t("mining.stopDialog.cancel")}
        tone="danger"
        busy={stop.pending}
        onCancel={stop.cancel}
        onConfirm={stop.confirm}
      >
        {t("mining.stopDialog.text", { amount: amount(panel.earningsShown) })}
      </ConfirmDialog>
    </>
  );
}
