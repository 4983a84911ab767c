import type { ReactNode } from "react";

/** The frame of the app's line icons (24×24, stroked), drawn by Glyph. Decorative. */
export function LineIcon({
  className = "size-5",
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
