import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Glyph } from "../../../components/ui/glyph";
import { useGameSound } from "../sound";

/**
 * Turns the games' sounds on or off (off until the player asks), on this device. Its text says
 * the current state, so it carries no `aria-pressed` (a reader would announce the state twice).
 */
export function SoundToggle() {
  const { t } = useTranslation("games");
  const { enabled, toggle } = useGameSound();
  return (
    <Button variant="ghost" size="sm" onClick={toggle} data-testid="games-sound">
      <Glyph name={enabled ? "soundOn" : "soundOff"} />
      <span>{enabled ? t("sound.on") : t("sound.off")}</span>
    </Button>
  );
}
