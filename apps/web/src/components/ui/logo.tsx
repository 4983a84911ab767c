/**
 * The FRE mark: a gold hexagon (a mined block) around an F. The gradient is defined once in
 * index.html (#fre-gold), so the mark renders the same on the server and in the browser.
 */
export function Logo({ className = "size-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <path
        d="M32 6 54 19v26L32 58 10 45V19Z"
        fill="none"
        stroke="url(#fre-gold)"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M25 20h16v5H31v5h9v5h-9v9h-6Z" fill="url(#fre-gold)" />
    </svg>
  );
}
