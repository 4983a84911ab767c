import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Me } from "../../../lib/session";
import { readStored, writeStored } from "../../../lib/storage";
import {
  SEEN_UNVERIFIED_KEY,
  VERIFIED_LANDING_PARAM,
  verifiedNoticeStep,
  withoutLandingParam,
} from "../verified-notice";

/**
 * "Votre e-mail est vérifié", said once: when the profile turns verified after this browser
 * saw it unverified, or on the verification link's landing (whose marker leaves the URL).
 */
export function useVerifiedNotice(me: Me | undefined) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState(false);
  const userId = me?.id;
  const emailVerified = me?.emailVerified;

  useEffect(() => {
    if (userId === undefined || emailVerified === undefined) return;
    const landed = new URLSearchParams(search).has(VERIFIED_LANDING_PARAM);
    const step = verifiedNoticeStep({
      userId,
      emailVerified,
      seenUnverified: readStored(SEEN_UNVERIFIED_KEY),
      landed,
    });
    writeStored(SEEN_UNVERIFIED_KEY, step.seenUnverified);
    if (step.announce) setShown(true);
    if (landed)
      void navigate({ pathname, search: withoutLandingParam(search), hash }, { replace: true });
  }, [userId, emailVerified, pathname, search, hash, navigate]);

  return { shown, close: () => setShown(false) };
}
