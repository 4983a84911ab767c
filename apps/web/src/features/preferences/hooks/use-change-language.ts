import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Language } from "../../../lib/languages";
import { type Me, meQueryKey, setMe } from "../../../lib/session";
import { useLanguage } from "../../../lib/use-language";
import { updateMe } from "../api/preferences-api";

/** Switches the UI language; a signed-in user's choice is also saved on the profile. */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  const { setLanguage } = useLanguage();
  return useCallback(
    async (language: Language) => {
      await setLanguage(language);
      const me = queryClient.getQueryData<Me | null>(meQueryKey);
      if (!me || me.language === language) return;
      try {
        setMe(queryClient, await updateMe({ language }));
      } catch (error) {
        // The device keeps the choice; the profile catches up on the next change.
        console.warn("Could not save the language on the profile", error);
      }
    },
    [queryClient, setLanguage],
  );
}
