import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { useGameSound } from "../sound";

function SpeakerIcon({ on }: { on: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {on ? (
        <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
      ) : (
        <path d="M17 9.5l5 5M22 9.5l-5 5" />
      )}
    </svg>
  );
}

/**
 * Turns the games' sounds on or off (off until the player asks), on this device. Its text says
 * the current state, so it carries no `aria-pressed` (a reader would announce the state twice).
 */
export function SoundToggle() {
  const { t } = useTranslation("games");
  const { enabled, toggle } = useGameSound();
  return (
    <Button variant="ghost" size="sm" onClick={toggle} data-testid="games-sound">
      <SpeakerIcon on={enabled} />
      <span>{enabled ? t("sound.on") : t("sound.off")}</span>
    </Button>
  );
}
