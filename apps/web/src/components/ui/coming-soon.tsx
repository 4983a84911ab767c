import type { ReactNode } from "react";
import { PageTitle } from "./page-title";

/** A screen whose feature has not landed yet: its title, what it will do, and a way on. */
export function ComingSoon({
  title,
  badge,
  text,
  children,
}: {
  title: string;
  badge: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <>
      <PageTitle title={title}>{title}</PageTitle>
      <section
        data-testid="coming-soon"
        className="mt-4 grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-5"
      >
        <span className="w-fit rounded-full bg-amber-400/15 px-3 py-1 text-sm font-semibold text-amber-200">
          {badge}
        </span>
        <p className="text-slate-200">{text}</p>
        {children}
      </section>
    </>
  );
}
