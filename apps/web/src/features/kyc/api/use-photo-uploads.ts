import type { KycFileSlot } from "@fre/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-client";
import { photoIssue } from "../kyc-validation";
import { kycQueryOptions, uploadKycFile } from "./kyc-api";

/** Where one chosen photo stands on this device. */
export type PhotoUpload =
  /** Nothing chosen here (the server may hold an earlier photo); `refused`: said of a bad pick. */
  | { phase: "idle"; refused?: string }
  /** `progress` from 0 to 1, null while the browser has not said. */
  | { phase: "sending"; file: File; progress: number | null }
  /** `retriable`: sending the same bytes again may work (not so for a refused type or size). */
  | { phase: "failed"; file: File; message: string; retriable: boolean }
  | { phase: "sent"; file: File; size: number };

export type PhotoUploads = Partial<Record<KycFileSlot, PhotoUpload>>;

const IDLE: PhotoUpload = { phase: "idle" };

/** The server read the bytes and refused them: the same file would be refused again. */
const refusedForGood = (failure: unknown) =>
  isApiError(failure) && (failure.status === 413 || failure.status === 415);

/**
 * The document photos of the form: each one is sent as soon as it is chosen, with its progress;
 * a failed one can be sent again (`retry`), and `sendPending` sends what is still on the device
 * before the request is submitted. Kept above the steps, so going back one step loses nothing.
 */
export function usePhotoUploads() {
  const { t } = useTranslation("kyc");
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<PhotoUploads>({});
  // The latest state, for `sendPending`, which reads it after awaiting the uploads.
  const latest = useRef<PhotoUploads>({});
  const running = useRef(
    new Map<KycFileSlot, { controller: AbortController; done: Promise<boolean> }>(),
  );

  const put = useCallback((slot: KycFileSlot, upload: PhotoUpload) => {
    latest.current = { ...latest.current, [slot]: upload };
    setUploads(latest.current);
  }, []);

  // Leaving the page stops what is being sent; nothing is shown of it any more.
  useEffect(() => {
    const inFlight = running.current;
    return () => {
      for (const { controller } of inFlight.values()) controller.abort();
      inFlight.clear();
    };
  }, []);

  const send = useCallback(
    (slot: KycFileSlot, file: File): Promise<boolean> => {
      running.current.get(slot)?.controller.abort();
      const controller = new AbortController();
      const current = () => running.current.get(slot)?.controller === controller;
      put(slot, { phase: "sending", file, progress: null });
      const done = uploadKycFile(
        slot,
        file,
        (progress) => {
          if (current()) put(slot, { phase: "sending", file, progress });
        },
        controller.signal,
      ).then(
        (uploaded) => {
          if (!current()) return false;
          running.current.delete(slot);
          put(slot, { phase: "sent", file, size: uploaded.size });
          void queryClient.invalidateQueries({ queryKey: kycQueryOptions().queryKey });
          return true;
        },
        (failure: unknown) => {
          if (!current()) return false;
          running.current.delete(slot);
          const cancelled = failure instanceof DOMException && failure.name === "AbortError";
          put(slot, {
            phase: "failed",
            file,
            message: cancelled
              ? t("photos.cancelled")
              : isApiError(failure)
                ? failure.message
                : t("photos.failed"),
            retriable: !refusedForGood(failure),
          });
          return false;
        },
      );
      running.current.set(slot, { controller, done });
      return done;
    },
    [put, queryClient, t],
  );

  /** A photo chosen (or taken): checked here, then sent at once. */
  const choose = useCallback(
    (slot: KycFileSlot, file: File) => {
      const issue = photoIssue(file);
      if (issue) {
        put(slot, { phase: "idle", refused: t(`photos.${issue}`) });
        return;
      }
      void send(slot, file);
    },
    [put, send, t],
  );

  const retry = useCallback(
    (slot: KycFileSlot) => {
      const upload = latest.current[slot];
      if (upload?.phase === "failed") void send(slot, upload.file);
    },
    [send],
  );

  const cancel = useCallback((slot: KycFileSlot) => {
    running.current.get(slot)?.controller.abort();
  }, []);

  /**
   * Before submitting: waits for the photos being sent and sends again those that failed. True
   * when none of `slots` is left unsent on the device (the server says what it still lacks).
   */
  const sendPending = useCallback(
    async (slots: readonly KycFileSlot[]) => {
      await Promise.all(
        slots.map((slot) => {
          const inFlight = running.current.get(slot);
          if (inFlight) return inFlight.done;
          const upload = latest.current[slot];
          if (upload?.phase === "failed" && upload.retriable) return send(slot, upload.file);
          return true;
        }),
      );
      return slots.every((slot) => {
        const phase = (latest.current[slot] ?? IDLE).phase;
        return phase === "sent" || phase === "idle";
      });
    },
    [send],
  );

  return { uploads, choose, retry, cancel, sendPending };
}

export type PhotoUploadsControl = ReturnType<typeof usePhotoUploads>;
