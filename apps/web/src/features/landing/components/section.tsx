import type { ReactNode } from "react";

export function Section({
  id,
  eyebrow,
  title,
  subtitle,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-6xl px-5 py-14 sm:py-20">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        {eyebrow ? (
          <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-amber-300">
            {eyebrow}
          </p>
        ) : null}
        <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {title}
        </h2>
        {subtitle ? <p className="mt-3 text-muted">{subtitle}</p> : null}
      </div>
      {children}
    </section>
  );
}

export function FeatureCard({
  icon,
  title,
  text,
  figure,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  figure?: string;
}) {
  return (
    <article className="group relative flex h-full flex-col gap-3 rounded-2xl border border-night-700 bg-gradient-to-b from-night-800 to-night-850 p-6 transition-colors hover:border-amber-300/40">
      <div className="flex items-center justify-between">
        <span className="grid size-12 place-items-center rounded-xl bg-amber-400/12 text-amber-200 ring-1 ring-amber-300/25">
          {icon}
        </span>
        {figure ? (
          <span className="rounded-full bg-emerald-400/10 px-2.5 py-1 text-sm font-bold text-emerald-200">
            {figure}
          </span>
        ) : null}
      </div>
      <h3 className="text-lg font-semibold text-white">{title}</h3>
      <p className="text-[0.95rem] leading-relaxed text-muted">{text}</p>
    </article>
  );
}
