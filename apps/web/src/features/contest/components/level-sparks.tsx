const SPARKS = 12;

/** A short burst of gold sparks for a validated level. Hidden for reduced motion. */
export function LevelSparks() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 grid place-items-center motion-reduce:hidden"
    >
      {Array.from({ length: SPARKS }, (_, index) => {
        const angle = (index / SPARKS) * 2 * Math.PI;
        const distance = 70 + (index % 3) * 24;
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
