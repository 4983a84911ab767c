import { useId } from "react";

/** The FRE mark: a gold hexagon (a mined block) around an F. */
export function Logo({ className = "size-9" }: { className?: string }) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <path
        d="M32 6 54 19v26L32 58 10 45V19Z"
        fill="none"
        stroke={`url(#${gradient})`}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M25 20h16v5H31v5h9v5h-9v9h-6Z" fill={`url(#${gradient})`} />
    </svg>
  );
}
