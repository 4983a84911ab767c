import type { ReactNode } from "react";

const SIZE = 280;
const STROKE = 14;
const RADIUS = (SIZE - STROKE) / 2 - 6;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

interface ProgressRingProps {
  /** 0 … 1 */
  progress: number;
  label: string;
  valueText: string;
  glowing: boolean;
  children: ReactNode;
}

/** The 24 h of the session as a ring that fills; the live figures sit inside. */
export function ProgressRing({ progress, label, valueText, glowing, children }: ProgressRingProps) {
  const clamped = Math.min(1, Math.max(0, progress));
  const angle = clamped * 360;
  return (
    <div className="relative mx-auto grid aspect-square w-full max-w-[18rem] place-items-center">
      {glowing ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-4 animate-glow rounded-full bg-[radial-gradient(closest-side,rgba(251,191,36,0.28),transparent)]"
        />
      ) : null}
      {glowing ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 animate-[spin_12s_linear_infinite] rounded-full bg-[conic-gradient(from_0deg,transparent_0deg,rgba(253,230,138,0.35)_50deg,transparent_100deg)] [mask-image:radial-gradient(closest-side,transparent_82%,black_85%,black_95%,transparent_98%)] motion-reduce:hidden"
        />
      ) : null}
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.floor(clamped * 100)}
        aria-valuetext={valueText}
        className="absolute inset-0 size-full -rotate-90"
      >
        <defs>
          <linearGradient id="mining-ring" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fde68a" />
            <stop offset="1" stopColor="#f59e0b" />
          </linearGradient>
        </defs>
        <circle
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          stroke="currentColor"
          strokeWidth={STROKE}
          className="text-night-700"
        />
        {/* Hour marks */}
        {Array.from({ length: 24 }, (_, hour) => (
          <line
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed decoration
            key={hour}
            x1={SIZE / 2 + RADIUS + STROKE / 2 + 3}
            y1={SIZE / 2}
            x2={SIZE / 2 + RADIUS + STROKE / 2 + (hour % 6 === 0 ? 8 : 5)}
            y2={SIZE / 2}
            stroke="currentColor"
            strokeWidth={hour % 6 === 0 ? 2 : 1}
            className="text-night-600"
            transform={`rotate(${hour * 15} ${SIZE / 2} ${SIZE / 2})`}
          />
        ))}
        <circle
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          stroke="url(#mining-ring)"
          strokeWidth={STROKE}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - clamped)}
          className="motion-safe:transition-[stroke-dashoffset] motion-safe:duration-1000 motion-safe:ease-linear"
          opacity={clamped > 0 ? 1 : 0}
        />
        {clamped > 0 && clamped < 1 ? (
          <circle
            cx={SIZE / 2 + RADIUS}
            cy={SIZE / 2}
            r={STROKE / 2 + 2}
            fill="#fffbeb"
            className="drop-shadow-[0_0_6px_rgba(251,191,36,0.9)] motion-safe:transition-transform motion-safe:duration-1000 motion-safe:ease-linear"
            style={{
              transform: `rotate(${angle}deg)`,
              transformBox: "view-box",
              transformOrigin: "center",
            }}
          />
        ) : null}
      </svg>
      <div className="relative grid justify-items-center gap-1 px-8 text-center">{children}</div>
    </div>
  );
}
