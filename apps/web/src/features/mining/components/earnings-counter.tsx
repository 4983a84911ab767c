import { formatNano } from "@fre/shared";
import { freParts } from "../../../lib/fre-amount";

/** The three last digits move every tick: they are smaller, and catch the light as they change. */
const TAIL_DIGITS = 3;

export function EarningsCounter({ nano, language }: { nano: bigint; language: string }) {
  const parts = freParts(nano, language, "counter");
  const head = parts.fraction.slice(0, -TAIL_DIGITS);
  const tail = parts.fraction.slice(-TAIL_DIGITS);
  return (
    <p
      data-testid="mining-earnings"
      data-value={formatNano(nano)}
      className="whitespace-nowrap font-bold tabular-nums leading-none tracking-tight text-amber-200"
    >
      <span className="text-[2.1rem] sm:text-[2.4rem]">
        {parts.sign}
        {parts.whole}
        {parts.decimal}
        {head}
      </span>
      <span key={tail} className="animate-tick text-xl text-amber-300/90 sm:text-2xl">
        {tail}
      </span>
    </p>
  );
}
