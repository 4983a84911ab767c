import type { ButtonHTMLAttributes } from "react";
import { type TileState, tileGlyph, tileLabel, tileTone } from "./round-panels";

/**
 * A tile of a grid game (Towers, Mines): its sign and colours from what is known of it, its
 * accessible name from `label`'s parts (its place, then what is known, the parts left null
 * skipped), its size and type from `sizeClass`.
 */
export function Tile({
  tone,
  label,
  sizeClass,
  ...button
}: {
  tone: TileState;
  label: (string | null)[];
  sizeClass: string;
  "data-testid": string | undefined;
  "data-state"?: string;
} & Pick<ButtonHTMLAttributes<HTMLButtonElement>, "disabled" | "onClick">) {
  return (
    <button
      type="button"
      aria-label={tileLabel(...label)}
      {...button}
      className={`${sizeClass} font-bold transition-transform motion-reduce:transition-none ${tileTone(tone)}`}
    >
      {tileGlyph(tone)}
    </button>
  );
}
