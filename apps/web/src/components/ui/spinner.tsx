import { useTranslation } from "react-i18next";

export function Spinner({ className = "size-6" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-amber-300/30 border-t-amber-300 ${className}`}
    />
  );
}

/** Centred spinner with an accessible "loading" status. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className={`grid place-items-center ${fullScreen ? "min-h-dvh" : "min-h-[40vh]"}`}
    >
      <Spinner className="size-8" />
      <span className="sr-only">{t("status.loading")}</span>
    </div>
  );
}
