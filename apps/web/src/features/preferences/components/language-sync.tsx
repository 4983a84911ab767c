import { useEffect } from "react";
import { applyLanguage } from "../../../lib/i18n";
import { useMe } from "../../../lib/session";
import { readStored, STORAGE_KEYS } from "../../../lib/storage";

/**
 * A device that never chose a language follows the signed-in profile's language.
 * (Signing in adopts the profile language explicitly.)
 */
export function LanguageSync() {
  const { data: me } = useMe();
  const profileLanguage = me?.language;
  useEffect(() => {
    if (profileLanguage && readStored(STORAGE_KEYS.language) === null) {
      void applyLanguage(profileLanguage);
    }
  }, [profileLanguage]);
  return null;
}
