import { KENO_RISK_VALUES } from "@fre/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { ChoiceOptions } from "../../../components/ui/choice-options";
import { playKeno } from "../api/games-api";
import {
  type BetBoard,
  BetGameScreen,
  BetLayout,
  panelClasses,
  useMultiplier,
} from "../components/game-ui";
import { GameSelect } from "../components/round-panels";
import { percentText } from "../game-text";
import { useReveal, useRevealSound } from "../hooks/use-reveal";
import { outcomeSound } from "../sound";

type Risk = (typeof KENO_RISK_VALUES)[number];

function KenoBoard(board: BetBoard<"keno", Parameters<typeof playKeno>[0]>) {
  const { info, play, amount } = board;
  const { t, i18n } = useTranslation("games");
  const keno = info.publication.keno;
  const [picks, setPicks] = useState<number[]>([]);
  const [risk, setRisk] = useState<Risk>("classic");
  const result = play.data;
  const draw = result?.outcome.draw ?? [];
  const shown = useReveal(result?.id ?? null, draw.length, 180);
  const drawn = new Set(draw.slice(0, shown));
  const done = result !== undefined && shown >= draw.length;
  useRevealSound(result?.id ?? null, shown, draw.length, result ? outcomeSound(result) : null);
  const multiplier = useMultiplier();

  const toggle = (n: number) =>
    setPicks((current) =>
      current.includes(n)
        ? current.filter((p) => p !== n)
        : current.length >= keno.maxPicks
          ? current
          : [...current, n],
    );
  const random = () => {
    const pool = Array.from({ length: keno.numbers }, (_, i) => i + 1);
    const chosen: number[] = [];
    const count = picks.length || 5;
    while (chosen.length < count) {
      const [n] = pool.splice(Math.floor(Math.random() * pool.length), 1);
      if (n !== undefined) chosen.push(n);
    }
    setPicks(chosen);
  };
  const row = picks.length > 0 ? (keno.paytables[risk][picks.length] ?? []) : [];
  const rtp = picks.length > 0 ? keno.rtp[risk][picks.length] : null;

  return (
    <BetLayout
      board={board}
      label={t("keno.play")}
      bet={picks.length === 0 ? null : { amount, picks, risk }}
      drawn={
        result && done ? (
          <p className="text-sm text-slate-200" data-testid="keno-draw" data-draw={draw.join(",")}>
            {t("keno.draw")} : {draw.join(", ")} — {t("keno.hits", { count: result.outcome.hits })}
          </p>
        ) : null
      }
      before={
        <div className={`${panelClasses} grid gap-3`}>
          <p className="text-sm text-slate-300">{t("keno.pick")}</p>
          <fieldset className="m-0 border-0 p-0">
            <legend className="sr-only">{t("keno.grid")}</legend>
            <div className="grid grid-cols-8 gap-1.5" data-testid="keno-grid">
              {Array.from({ length: keno.numbers }, (_, i) => i + 1).map((n) => {
                const picked = picks.includes(n);
                const isDrawn = drawn.has(n);
                return (
                  <button
                    key={n}
                    type="button"
                    aria-pressed={picked}
                    aria-label={`${t("keno.number", { n })}${isDrawn ? `, ${t("keno.drawn")}` : ""}`}
                    disabled={play.isPending}
                    onClick={() => toggle(n)}
                    className={`aspect-square rounded-lg text-sm font-bold transition-colors motion-reduce:transition-none ${
                      picked && isDrawn
                        ? "bg-emerald-400 text-night-950 motion-safe:animate-pop"
                        : picked
                          ? "bg-amber-400 text-night-950"
                          : isDrawn
                            ? "bg-sky-500/40 text-white motion-safe:animate-rise"
                            : "bg-night-800 text-slate-200 hover:bg-night-700"
                    }`}
                  >
                    {n}
                  </button>
                );
              })}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-200">{t("keno.picked", { count: picks.length })}</span>
            <Button variant="ghost" size="sm" onClick={random} disabled={play.isPending}>
              {t("keno.random")}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setPicks([])}
              disabled={play.isPending}
            >
              {t("keno.clear")}
            </Button>
          </div>
        </div>
      }
    >
      <GameSelect label={t("keno.risk")} value={risk} onChange={(value) => setRisk(value as Risk)}>
        <ChoiceOptions values={KENO_RISK_VALUES} label={(value) => t(`keno.risks.${value}`)} />
      </GameSelect>
      {rtp ? (
        <p className="text-xs text-amber-200">
          {t("rtp", { percent: percentText(rtp.percent, i18n.language) })}
        </p>
      ) : null}
      {row.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-200">{t("keno.paytable")}</summary>
          <table className="mt-2 w-full text-left text-xs">
            <thead>
              <tr className="text-slate-400">
                <th scope="col">{t("keno.hitsColumn")}</th>
                <th scope="col">{t("keno.multiplierColumn")}</th>
              </tr>
            </thead>
            <tbody>
              {row.map((value, hits) => {
                const shown = multiplier(String(value));
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the index is the hit count
                  <tr key={hits} className="border-t border-night-700">
                    <td>{hits}</td>
                    <td className="tabular-nums" title={shown.title}>
                      ×{shown.text}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </details>
      ) : null}
    </BetLayout>
  );
}

export function KenoPage() {
  return <BetGameScreen game="keno" play={playKeno} Board={KenoBoard} />;
}
