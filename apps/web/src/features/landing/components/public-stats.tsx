import type { PublicStats as Stats } from "@fre/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../lib/use-language";
import type { PublicFigures } from "../public-stats-format";

const KEYS = ["users", "miners", "mined"] as const;

async function loadFigures(language: string, signal: AbortSignal): Promise<PublicFigures | null> {
  const [response, format] = await Promise.all([
    fetch("/api/stats/public", { signal, headers: { Accept: "application/json" } }),
    import("../public-stats-format"),
  ]);
  if (!response.ok) return null;
  const stats = (await response.json()) as Stats;
  return typeof stats?.totalUsers === "number" ? format.formatPublicStats(stats, language) : null;
}

/**
 * Real figures from GET /api/stats/public. The build-time HTML (and the hydration render)
 * shows a neutral dash; the numbers and their formatting code arrive once the page is
 * interactive, so the landing's first JS barely grows.
 */
export function PublicStats() {
  const { t } = useTranslation("landing");
  const { language } = useLanguage();
  const [figures, setFigures] = useState<PublicFigures | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadFigures(language, controller.signal).then(
      (loaded) => {
        if (loaded) setFigures(loaded);
      },
      () => {
        // Offline or aborted: the dashes stay, nothing false is shown.
      },
    );
    return () => controller.abort();
  }, [language]);

  return (
    <section aria-labelledby="stats-title" className="mt-10 w-full max-w-xl">
      <h2 id="stats-title" className="sr-only">
        {t("stats.title")}
      </h2>
      <dl
        data-testid="public-stats"
        data-loaded={figures ? "true" : "false"}
        aria-busy={figures ? undefined : true}
        className="grid grid-cols-3 divide-x divide-night-700 rounded-2xl border border-night-700 bg-night-850/80 py-4"
      >
        {KEYS.map((key) => (
          <div key={key} className="flex flex-col-reverse items-center justify-end gap-1 px-2">
            <dt className="text-xs leading-tight text-muted sm:text-sm">{t(`stats.${key}`)}</dt>
            <dd className="text-xl font-bold leading-7 tabular-nums text-white sm:text-2xl sm:leading-8">
              {figures ? (
                figures[key]
              ) : (
                <>
                  <span aria-hidden="true" className="text-slate-400">
                    —
                  </span>
                  <span className="sr-only">{t("stats.loading")}</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
