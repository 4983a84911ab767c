import type { ReactNode } from "react";

/** Label/value pairs of an admin page (a user's profile, their risk), two columns from `sm`. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="grid gap-0.5">
          <dt className="text-muted">{label}</dt>
          <dd className="text-slate-100 wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
