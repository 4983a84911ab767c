import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../../components/ui/button";
import { Logo } from "../../../components/ui/logo";
import { PublicStats } from "./public-stats";

export function Hero() {
  const { t } = useTranslation("landing");
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_50%_at_50%_0%,rgba(251,191,36,0.18),transparent_70%),radial-gradient(40%_40%_at_90%_30%,rgba(99,102,241,0.14),transparent_70%)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[linear-gradient(rgba(255,255,255,0.035)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,0.035)_1px,transparent_1px)] bg-[size:44px_44px] [mask-image:radial-gradient(70%_60%_at_50%_20%,black,transparent)]"
      />
      <div className="relative mx-auto flex max-w-6xl flex-col items-center px-5 pb-14 pt-8 text-center sm:pb-24 sm:pt-20">
        <div className="relative mb-6">
          <div
            aria-hidden="true"
            className="absolute -inset-8 rounded-full bg-[radial-gradient(closest-side,rgba(251,191,36,0.35),transparent)]"
          />
          <Logo className="relative size-16 sm:size-24" />
        </div>
        <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-amber-300/30 bg-amber-300/10 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-amber-100">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-400" />
          {t("hero.badge")}
        </p>
        <h1
          id="hero-title"
          data-testid="page-title"
          className="max-w-3xl text-[2.15rem] font-extrabold leading-[1.1] tracking-tight text-white sm:text-6xl"
        >
          {t("hero.titleStart")}{" "}
          <span className="bg-gradient-to-r from-amber-200 via-amber-300 to-amber-500 bg-clip-text text-transparent">
            {t("hero.titleAccent")}
          </span>
        </h1>
        <p className="mt-4 max-w-xl text-base text-muted sm:text-lg">{t("hero.subtitle")}</p>
        <div className="mt-7 flex w-full max-w-sm flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
          <ButtonLink to="/register" size="lg">
            {t("hero.start")}
          </ButtonLink>
          <ButtonLink to="/login" size="lg" variant="secondary">
            {t("hero.login")}
          </ButtonLink>
        </div>
        <ul className="mt-8 flex flex-col gap-2 text-sm text-slate-300 sm:flex-row sm:gap-6">
          <li className="flex items-center justify-center gap-2">
            <span aria-hidden="true" className="text-emerald-300">
              ✓
            </span>
            {t("hero.free")}
          </li>
          <li className="flex items-center justify-center gap-2">
            <span aria-hidden="true" className="text-emerald-300">
              ✓
            </span>
            {t("hero.community")}
          </li>
        </ul>
        <PublicStats />
      </div>
    </section>
  );
}
