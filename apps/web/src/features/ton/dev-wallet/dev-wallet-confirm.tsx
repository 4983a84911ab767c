import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { shortAddress, trimTon } from "../../../lib/ton-format";
import { devAccountQueryOptions } from "../api/ton-api";
import type { DevTransferRequest } from "./dev-wallet-bridge";

interface PendingConfirm {
  from: string;
  transfers: DevTransferRequest[];
  resolve: (accepted: boolean) => void;
}

// One request at a time, as a wallet shows them; the bridge waits on the promise.
let pending: PendingConfirm | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** The bridge's `confirm`: shows our dialog and resolves with the user's answer. */
export function askDevWalletConfirm(request: Omit<PendingConfirm, "resolve">): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = { ...request, resolve };
    emit();
  });
}

function answer(accepted: boolean) {
  const current = pending;
  pending = null;
  emit();
  current?.resolve(accepted);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The dev wallet's own "confirm the transfer" screen, with its simulated TON balance. */
export function DevWalletConfirm() {
  const { t } = useTranslation("ton");
  const request = useSyncExternalStore(subscribe, () => pending);
  const balance = useQuery({
    ...devAccountQueryOptions(request?.from ?? ""),
    enabled: request !== null,
  });
  return (
    <ConfirmDialog
      open={request !== null}
      title={t("dev.confirmTitle")}
      confirmLabel={t("dev.confirm")}
      cancelLabel={t("dev.cancel")}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    >
      {request && (
        <div data-testid="dev-wallet-confirm" className="grid gap-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {request.transfers.map((transfer) => (
              <div key={`${transfer.to}-${transfer.amountTon}`} className="contents">
                <dt className="text-muted">{t("dev.amount")}</dt>
                <dd className="font-semibold tabular-nums text-white">
                  {trimTon(transfer.amountTon)} TON
                </dd>
                <dt className="text-muted">{t("dev.to")}</dt>
                <dd className="font-mono">{shortAddress(transfer.to)}</dd>
              </div>
            ))}
            <dt className="text-muted">{t("dev.balance")}</dt>
            <dd className="tabular-nums" data-testid="dev-wallet-balance">
              {balance.data ? `${trimTon(balance.data.balanceTon)} TON` : "…"}
            </dd>
          </dl>
          <p className="text-xs text-muted">{t("dev.simulated")}</p>
        </div>
      )}
    </ConfirmDialog>
  );
}
