/**
 * A burst of gold sparks (a claim, a validated level). Decoration only: hidden from screen
 * readers and for reduced motion.
 */
export function Sparks({
  count = 14,
  reach = 90,
  step = 28,
}: {
  count?: number;
  reach?: number;
  step?: number;
}) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 grid place-items-center motion-reduce:hidden"
    >
      {Array.from({ length: count }, (_, index) => {
        const angle = (index / count) * 2 * Math.PI;
        const distance = reach + (index % 3) * step;
        return (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed decoration
            key={index}
            className="absolute size-2 animate-burst rounded-full bg-amber-300 shadow-[0_0_10px_rgba(251,191,36,0.9)]"
            style={
              {
                "--spark-x": `${Math.round(Math.cos(angle) * distance)}px`,
                "--spark-y": `${Math.round(Math.sin(angle) * distance)}px`,
                animationDelay: `${(index % 4) * 60}ms`,
              } as React.CSSProperties
            }
          />
        );
      })}
    </div>
  );
}
