import type { ReactNode } from "react";

/**
 * One card of a settings screen: a titled, introduced section around its form (usually inside
 * a `QueryState`), with an optional small note under it (e.g. « every change is audited »).
 */
export function SettingsCard({
  titleId,
  title,
  intro,
  note,
  children,
}: {
  /** The heading's id, which names the section (unique on the page). */
  titleId: string;
  title: string;
  intro: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <section
      className="grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-4"
      aria-labelledby={titleId}
    >
      <div className="grid gap-1">
        <h2 id={titleId} className="text-lg font-bold text-white">
          {title}
        </h2>
        <p className="text-sm text-muted">{intro}</p>
      </div>
      {children}
      {note ? <p className="text-xs text-muted">{note}</p> : null}
    </section>
  );
}
