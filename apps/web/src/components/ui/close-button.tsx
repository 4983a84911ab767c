/** The round × button that dismisses a toast, pop-up or banner; `label` names what it closes. */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="grid size-8 shrink-0 place-items-center rounded-full text-slate-300 hover:bg-night-700 hover:text-white"
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4" fill="currentColor">
        <path d="m5.3 4.2 4.7 4.7 4.7-4.7 1.1 1.1-4.7 4.7 4.7 4.7-1.1 1.1-4.7-4.7-4.7 4.7-1.1-1.1 4.7-4.7-4.7-4.7Z" />
      </svg>
    </button>
  );
}
