import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/ui/button";

/**
 * « Trop de requêtes, réessayez dans N s »: counts down, then tries again by itself — never a
 * raw answer, never "signed out" (the session may be perfectly fine).
 */
export function RateLimitedScreen({ seconds, onRetry }: { seconds: number; onRetry: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) {
      onRetry();
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onRetry]);
  return (
    <main className="grid min-h-dvh place-items-center px-6 text-center">
      <div className="grid max-w-sm justify-items-center gap-4" role="status">
        <h1 className="text-xl font-bold text-white">{t("errors.rateLimitedTitle")}</h1>
        <p className="text-muted">{t("errors.rateLimited", { seconds: Math.max(left, 0) })}</p>
        <Button onClick={onRetry}>{t("errors.retry")}</Button>
      </div>
    </main>
  );
}
