import { Glyph } from "./glyph";

/** The round × button that dismisses a toast, pop-up or banner; `label` names what it closes. */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="grid size-8 shrink-0 place-items-center rounded-full text-slate-300 hover:bg-night-700 hover:text-white"
    >
      <Glyph name="close" className="size-4" />
    </button>
  );
}
