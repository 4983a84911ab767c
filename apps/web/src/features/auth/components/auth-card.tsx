import type { ReactNode } from "react";
import { Logo } from "../../../components/ui/logo";
import { PageTitle } from "../../../components/ui/page-title";

/** Frame of the sign-in, sign-up and password pages. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
      <div className="relative animate-rise rounded-3xl border border-night-700 bg-night-850/90 p-6 shadow-2xl shadow-black/40 sm:p-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-px left-10 right-10 h-px bg-gradient-to-r from-transparent via-amber-300/70 to-transparent"
        />
        <Logo className="mb-5 size-11" />
        <PageTitle title={title}>{title}</PageTitle>
        {subtitle ? <p className="mt-2 text-muted">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
