const SPARKS = 14;

/** Gold sparks flying out of the counter after a claim. Hidden for reduced motion. */
export function ClaimSparks() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 grid place-items-center motion-reduce:hidden"
    >
      {Array.from({ length: SPARKS }, (_, index) => {
        const angle = (index / SPARKS) * 2 * Math.PI;
        const distance = 90 + (index % 3) * 28;
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
