import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../../components/ui/button";
import { Hero } from "../components/hero";
import { icons } from "../components/icons";
import { FeatureCard, Section } from "../components/section";

const STEPS = ["create", "mine", "boost", "withdraw"] as const;

export function LandingPage() {
  const { t } = useTranslation("landing");

  useEffect(() => {
    document.title = t("meta.title");
  }, [t]);

  return (
    <>
      <Hero />

      <Section id="features" eyebrow={t("features.eyebrow")} title={t("features.title")}>
        <ul className="grid gap-4 md:grid-cols-3">
          <li>
            <FeatureCard
              icon={icons.pickaxe}
              title={t("features.mining.title")}
              text={t("features.mining.text")}
            />
          </li>
          <li>
            <FeatureCard
              icon={icons.users}
              title={t("features.referral.title")}
              text={t("features.referral.text")}
            />
          </li>
          <li>
            <FeatureCard
              icon={icons.dice}
              title={t("features.games.title")}
              text={t("features.games.text")}
            />
          </li>
        </ul>
      </Section>

      <div className="border-y border-night-800 bg-night-950/50">
        <Section id="steps" eyebrow={t("steps.eyebrow")} title={t("steps.title")}>
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li
                key={step}
                className="relative rounded-2xl border border-night-700 bg-night-850 p-6"
              >
                <span
                  aria-hidden="true"
                  className="mb-4 grid size-10 place-items-center rounded-full bg-gradient-to-br from-amber-300 to-amber-500 font-bold text-night-950"
                >
                  {index + 1}
                </span>
                <h3 className="text-lg font-semibold text-white">
                  <span className="sr-only">{t("steps.stepLabel", { number: index + 1 })} </span>
                  {t(`steps.${step}.title`)}
                </h3>
                <p className="mt-2 text-[0.95rem] leading-relaxed text-muted">
                  {t(`steps.${step}.text`)}
                </p>
              </li>
            ))}
          </ol>
        </Section>
      </div>

      <Section
        id="boost"
        eyebrow={t("boost.eyebrow")}
        title={t("boost.title")}
        subtitle={t("boost.subtitle")}
      >
        <ul className="grid gap-4 md:grid-cols-3">
          <li>
            <FeatureCard
              icon={icons.levels}
              title={t("boost.levels.title")}
              text={t("boost.levels.text")}
              figure={t("boost.levels.figure")}
            />
          </li>
          <li>
            <FeatureCard
              icon={icons.bolt}
              title={t("boost.referrals.title")}
              text={t("boost.referrals.text")}
              figure={t("boost.referrals.figure")}
            />
          </li>
          <li>
            <FeatureCard
              icon={icons.box}
              title={t("boost.packs.title")}
              text={t("boost.packs.text")}
              figure={t("boost.packs.figure")}
            />
          </li>
        </ul>
      </Section>

      <section aria-labelledby="pwa-title" className="mx-auto max-w-6xl px-5 py-10 sm:py-16">
        <div className="grid items-center gap-8 overflow-hidden rounded-3xl border border-night-700 bg-[radial-gradient(80%_100%_at_100%_0%,rgba(99,102,241,0.16),transparent_60%)] bg-night-850 p-6 sm:p-10 md:grid-cols-[1.3fr_1fr]">
          <div>
            <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-amber-300">
              {t("pwa.eyebrow")}
            </p>
            <h2 id="pwa-title" className="text-3xl font-bold tracking-tight text-white">
              {t("pwa.title")}
            </h2>
            <p className="mt-3 text-muted">{t("pwa.text")}</p>
            <p className="mt-3 text-sm font-medium text-slate-200">{t("pwa.platforms")}</p>
          </div>
          <ul className="grid gap-3">
            {(
              [
                ["install", icons.phone],
                ["notifications", icons.bell],
                ["light", icons.feather],
              ] as const
            ).map(([key, icon]) => (
              <li
                key={key}
                className="flex items-center gap-3 rounded-xl border border-night-700 bg-night-900/70 p-3 text-slate-100"
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-amber-400/12 text-amber-200">
                  {icon}
                </span>
                {t(`pwa.items.${key}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-5 pb-16 pt-6 sm:pb-24">
        <div className="relative overflow-hidden rounded-3xl border border-amber-300/30 bg-gradient-to-br from-amber-400/20 via-night-850 to-night-850 px-6 py-12 text-center">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-32 left-1/2 size-96 -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgba(251,191,36,0.22),transparent)]"
          />
          <h2 id="cta-title" className="relative text-3xl font-bold tracking-tight text-white">
            {t("cta.title")}
          </h2>
          <p className="relative mt-3 text-slate-200">{t("cta.text")}</p>
          <div className="relative mx-auto mt-8 flex max-w-sm flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
            <ButtonLink to="/register" size="lg">
              {t("cta.register")}
            </ButtonLink>
            <ButtonLink to="/login" size="lg" variant="secondary">
              {t("cta.login")}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
