import { LOADING_STEP_MS } from "@fre/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Logo } from "../../../components/ui/logo";

/** Spec §2: a bar counting 0 → 100 % by 1 every 50 ms, then on to state.target (or /). */
export function LoadingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const target = (location.state as { target?: unknown } | null)?.target;
  const destination = typeof target === "string" && target.startsWith("/") ? target : "/";
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    document.title = `${t("loading.label")} — FRE`;
    const timer = window.setInterval(() => {
      setProgress((value) => Math.min(100, value + 1));
    }, LOADING_STEP_MS);
    return () => window.clearInterval(timer);
  }, [t]);

  useEffect(() => {
    if (progress >= 100) navigate(destination, { replace: true });
  }, [progress, destination, navigate]);

  return (
    <main className="relative grid min-h-dvh place-items-center overflow-hidden px-6">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute left-1/2 top-1/3 size-[28rem] -translate-x-1/2 -translate-y-1/2 animate-glow rounded-full bg-amber-400/10 blur-3xl"
      />
      <div className="relative flex w-full max-w-xs flex-col items-center gap-6 text-center">
        <Logo className="size-24 animate-spin-slow drop-shadow-[0_0_24px_rgba(251,191,36,0.35)]" />
        <h1 className="text-2xl font-bold tracking-[0.3em] text-white">FRE</h1>
        <div className="w-full">
          <div
            role="progressbar"
            aria-label={t("loading.label")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 w-full overflow-hidden rounded-full bg-night-700"
          >
            <div
              className="h-full rounded-full bg-gradient-to-r from-amber-500 to-amber-300"
              style={{ width: `${progress}%` }}
            />
          </div>
          <p className="mt-2 text-sm font-semibold tabular-nums text-amber-100" aria-hidden="true">
            {t("loading.progress", { value: progress })}
          </p>
        </div>
        <p className="rounded-full border border-night-600 px-3 py-1 text-xs font-medium uppercase tracking-wider text-muted">
          {t("app.beta")}
        </p>
      </div>
    </main>
  );
}
