import {
  DICE,
  DICE_DIRECTIONS,
  type DiceDirection,
  diceChance,
  diceMultiplier,
  formatMultiplier,
  formatPercent,
} from "@fre/shared";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AmountHint } from "../../../components/ui/amount-hint";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/text-field";
import { playDice } from "../api/games-api";
import { type BetBoard, BetGameScreen, BetLayout, useMultiplier } from "../components/game-ui";
import { rollText } from "../game-screens";
import { percentText } from "../game-text";
import { diceTargetText, parseDiceTarget } from "../games-logic";
import { useRevealSound } from "../hooks/use-reveal";
import { outcomeSound } from "../sound";

function DiceBoard(board: BetBoard<"dice", Parameters<typeof playDice>[0]>) {
  const { info, play, amount } = board;
  const { t, i18n } = useTranslation("games");
  const language = i18n.language;
  const [targetText, setTargetText] = useState("50");
  const [direction, setDirection] = useState<DiceDirection>("over");
  const result = play.data;
  const targetId = useId();
  const sliderId = useId();
  const problemId = useId();
  const exampleId = useId();
  const multiplier = useMultiplier();
  const target = parseDiceTarget(targetText);
  useRevealSound(result?.id ?? null, 1, 1, result ? outcomeSound(result) : null);
  const chance = target === null ? null : diceChance(target, direction);
  const payout =
    target === null ? null : multiplier(formatMultiplier(diceMultiplier(target, direction)));
  const rolled = result?.outcome.roll ?? null;

  return (
    <BetLayout
      board={board}
      label={t("dice.play")}
      bet={target === null ? null : { amount, target, direction }}
      drawn={
        result && rolled !== null ? (
          <p
            className="text-center text-4xl font-bold tabular-nums text-white motion-safe:animate-pop"
            data-testid="dice-roll"
            data-roll={rolled}
          >
            {rollText(rolled, language)}
          </p>
        ) : null
      }
    >
      <p className="text-sm text-slate-300">
        {t("dice.rules", {
          min: rollText(DICE.minTarget, language),
          max: rollText(DICE.maxTarget, language),
        })}
      </p>
      <fieldset className="m-0 flex gap-2 border-0 p-0">
        <legend className="mb-1 text-sm font-semibold text-slate-100">{t("dice.direction")}</legend>
        {DICE_DIRECTIONS.map((value) => (
          <Button
            key={value}
            variant={direction === value ? "primary" : "secondary"}
            size="sm"
            aria-pressed={direction === value}
            disabled={play.isPending}
            onClick={() => setDirection(value)}
            data-testid={`dice-${value}`}
          >
            {t(`dice.${value}`)}
          </Button>
        ))}
      </fieldset>
      <div className="grid gap-1">
        <label htmlFor={targetId} className="text-sm font-semibold text-slate-100">
          {t("dice.target")}
        </label>
        <input
          id={targetId}
          inputMode="decimal"
          autoComplete="off"
          maxLength={5}
          className={inputClasses}
          value={targetText}
          aria-invalid={target === null}
          aria-describedby={target === null ? `${problemId} ${exampleId}` : exampleId}
          onChange={(event) => setTargetText(event.target.value)}
          data-testid="dice-target"
        />
        <p id={exampleId} className="text-xs text-slate-400">
          <AmountHint />
        </p>
        <label htmlFor={sliderId} className="sr-only">
          {t("dice.target")}
        </label>
        <input
          id={sliderId}
          type="range"
          min={DICE.minTarget}
          max={DICE.maxTarget}
          step={0.01}
          value={target ?? 50}
          disabled={play.isPending}
          onChange={(event) => setTargetText(diceTargetText(Number(event.target.value), language))}
          className="w-full accent-amber-400"
        />
        {target === null ? (
          <p id={problemId} className="text-sm text-rose-300">
            {t("dice.badTarget", {
              min: rollText(DICE.minTarget, language),
              max: rollText(DICE.maxTarget, language),
            })}
          </p>
        ) : null}
      </div>
      {chance && payout ? (
        <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="dice-odds">
          <div>
            <dt className="text-slate-400">{t("dice.chance")}</dt>
            <dd className="font-semibold tabular-nums text-white">
              {percentText(formatPercent(chance), language)} %
            </dd>
          </div>
          <div>
            <dt className="text-slate-400">{t("dice.multiplier")}</dt>
            <dd className="font-semibold tabular-nums text-white" title={payout.title}>
              ×{payout.text}
            </dd>
          </div>
        </dl>
      ) : null}
      <p className="text-xs text-amber-200">
        {t("rtp", { percent: percentText(info.publication.dice.rtp.percent, language) })}
      </p>
    </BetLayout>
  );
}

export function DicePage() {
  return <BetGameScreen game="dice" play={playDice} Board={DiceBoard} />;
}
