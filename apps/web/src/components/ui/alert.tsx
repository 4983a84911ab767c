import type { ReactNode } from "react";

type Tone = "error" | "success" | "info";

const tones: Record<Tone, string> = {
  error: "border-rose-400/50 bg-rose-500/10 text-rose-100",
  success: "border-emerald-400/50 bg-emerald-500/10 text-emerald-100",
  info: "border-sky-400/40 bg-sky-500/10 text-sky-100",
};

/** Errors are announced at once (role=alert); other notes politely (role=status). */
export function Alert({
  tone = "info",
  children,
  className = "",
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-xl border px-4 py-3 text-sm ${tones[tone]} ${className}`}
    >
      {children}
    </div>
  );
}
