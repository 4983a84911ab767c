import { useQueryClient } from "@tanstack/react-query";
import { UserRejectsError, useTonConnectUI, useTonWallet } from "@tonconnect/ui-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-client";
import { meQueryKey, useMe } from "../../../lib/session";
import { fetchProofPayload, linkTonWallet, unlinkTonWallet } from "../api/ton-api";
import type { LinkStatus } from "../components/ton-wallet-view";
import { DEV_WALLET_BRIDGE_KEY } from "../dev-wallet/dev-wallet-bridge";

export type { LinkStatus };

/** A challenge lives 15 minutes on the server: ask for a new one well before. */
const PAYLOAD_REFRESH_MS = 10 * 60_000;

const sameRaw = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The wallet link: a server challenge set as the widget's ton_proof request, the proof sent to
 * the server when a wallet connects (refused → the wallet is disconnected with the server's
 * reason), and unlinking.
 */
export function useTonLink() {
  const { t } = useTranslation("ton");
  const [tonConnectUI] = useTonConnectUI();
  const wallet = useTonWallet();
  const me = useMe();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LinkStatus>("idle");
  const [message, setMessage] = useState<string | null>(null);
  const payload = useRef<string | null>(null);

  const refreshPayload = useCallback(async () => {
    tonConnectUI.setConnectRequestParameters({ state: "loading" });
    try {
      const challenge = await fetchProofPayload();
      payload.current = challenge.payload;
      tonConnectUI.setConnectRequestParameters({
        state: "ready",
        value: { tonProof: challenge.payload },
      });
    } catch {
      payload.current = null;
      tonConnectUI.setConnectRequestParameters(null);
    }
  }, [tonConnectUI]);

  useEffect(() => {
    void refreshPayload();
    const timer = window.setInterval(() => void refreshPayload(), PAYLOAD_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refreshPayload]);

  useEffect(
    () =>
      tonConnectUI.onStatusChange(
        (connected) => {
          const proof = connected?.connectItems?.tonProof;
          if (!connected || !proof || !("proof" in proof)) return;
          setStatus("verifying");
          setMessage(null);
          const { account } = connected;
          linkTonWallet({
            address: account.address,
            network: account.chain as "-239" | "-3",
            public_key: account.publicKey ?? "",
            proof: {
              ...proof.proof,
              ...(account.walletStateInit ? { state_init: account.walletStateInit } : {}),
            },
          })
            .then(async () => {
              setStatus("idle");
              await queryClient.invalidateQueries({ queryKey: meQueryKey });
            })
            .catch(async (error: unknown) => {
              setStatus("failed");
              setMessage(isApiError(error) ? error.message : t("card.linkFailed"));
              await tonConnectUI.disconnect().catch(() => undefined);
            })
            .finally(() => void refreshPayload());
        },
        (error) => {
          setStatus(error instanceof UserRejectsError ? "declined" : "failed");
          setMessage(error instanceof UserRejectsError ? null : t("card.linkFailed"));
          void refreshPayload();
        },
      ),
    [tonConnectUI, queryClient, refreshPayload, t],
  );

  const linked = me.data?.tonWallet ?? null;
  const connectedAddress = wallet?.account.address ?? null;
  const restoredWithoutProof = wallet !== null && !wallet.connectItems?.tonProof;

  // A connection restored from an earlier visit that is not this account's linked wallet (an
  // unlink elsewhere, another account on this browser): drop it rather than pay from it.
  useEffect(() => {
    if (!me.isSuccess || !restoredWithoutProof || status === "verifying" || !connectedAddress)
      return;
    if (!linked || !sameRaw(linked.address, connectedAddress)) {
      void tonConnectUI.disconnect().catch(() => undefined);
    }
  }, [me.isSuccess, restoredWithoutProof, status, connectedAddress, linked, tonConnectUI]);

  const connect = useCallback(() => {
    setStatus("idle");
    setMessage(null);
    void tonConnectUI.openModal();
  }, [tonConnectUI]);

  /** The dev wallet directly (the widget's phone-sized modal offers app links only). */
  const connectDevWallet = useCallback(async () => {
    setStatus("idle");
    setMessage(null);
    if (!payload.current) await refreshPayload();
    if (tonConnectUI.connected) await tonConnectUI.disconnect().catch(() => undefined);
    tonConnectUI.connector.connect(
      { jsBridgeKey: DEV_WALLET_BRIDGE_KEY },
      payload.current ? { tonProof: payload.current } : undefined,
    );
  }, [tonConnectUI, refreshPayload]);

  const disconnect = useCallback(async () => {
    setStatus("idle");
    setMessage(null);
    if (tonConnectUI.connected) await tonConnectUI.disconnect().catch(() => undefined);
    try {
      if (linked) await unlinkTonWallet();
    } catch (error) {
      setStatus("failed");
      setMessage(isApiError(error) ? error.message : t("card.linkFailed"));
    }
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [tonConnectUI, linked, queryClient, t]);

  const isConnected =
    connectedAddress !== null && linked !== null && sameRaw(linked.address, connectedAddress);
  return { status, message, linked, isConnected, connect, connectDevWallet, disconnect };
}
