import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { applyLanguage } from "../../../lib/i18n";
import { clearSession, fetchMe, setMe } from "../../../lib/session";
import { signOut } from "../api/auth-api";

/**
 * After the auth cookie is set: load the profile, adopt its language, then publish the
 * user, which lets the visitor-only guard send the user on.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const me = await fetchMe();
    if (me) await applyLanguage(me.language);
    setMe(queryClient, me);
    return me;
  }, [queryClient]);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await signOut();
    clearSession(queryClient);
  }, [queryClient]);
}
