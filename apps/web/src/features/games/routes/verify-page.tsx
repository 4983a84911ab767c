import {
  GAMES,
  type GameId,
  gameRegistry,
  isMinesCount,
  MINES,
  sha256Hex,
  TOWERS_DIFFICULTY_VALUES,
  type TowersDifficulty,
  type VerifyResult,
  verifyResult,
} from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ChoiceOptions, countRange } from "../../../components/ui/choice-options";
import { PageTitle } from "../../../components/ui/page-title";
import { TextField } from "../../../components/ui/text-field";
import { useVerifyRound, type VerifyQuery } from "../api/games-api";
import { PlayError, panelClasses } from "../components/game-ui";
import { useSymbolName } from "../components/reels";
import { DifficultySelect, GameSelect } from "../components/round-panels";
import { verifiedOutcomeView } from "../game-screens";

const SERVER_SEED = /^[0-9a-fA-F]{64}$/;
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;
/** A seed field: 64 hexadecimal characters at most, neither corrected nor remembered. */
const seedInput = { maxLength: 64, spellCheck: false, autoComplete: "off" } as const;

const isGame = (value: string | null): value is GameId =>
  value !== null && (GAMES as readonly string[]).includes(value);
const isDifficulty = (value: string | null): value is TowersDifficulty =>
  value !== null && (TOWERS_DIFFICULTY_VALUES as readonly string[]).includes(value);

type Computed = { query: VerifyQuery; result: VerifyResult; hash: string };

function Outcome({ result }: { result: VerifyResult }) {
  const { t, i18n } = useTranslation("games");
  const symbolName = useSymbolName();
  return (
    <div
      className="grid gap-1 text-sm text-slate-100"
      data-testid="verify-outcome"
      data-outcome={JSON.stringify(result.outcome)}
    >
      {verifiedOutcomeView(result, { t, language: i18n.language, symbolName })}
    </div>
  );
}

export function VerifyPage() {
  const { t } = useTranslation("games");
  const [params] = useSearchParams();
  const initialGame = params.get("game");
  const initialDifficulty = params.get("difficulty");
  const [game, setGame] = useState<GameId>(isGame(initialGame) ? initialGame : GAMES[0]);
  const [serverSeed, setServerSeed] = useState(params.get("serverSeed") ?? "");
  const [serverSeedHash, setServerSeedHash] = useState(params.get("serverSeedHash") ?? "");
  const [clientSeed, setClientSeed] = useState(params.get("clientSeed") ?? "");
  const [nonce, setNonce] = useState(params.get("nonce") ?? "0");
  const [difficulty, setDifficulty] = useState<TowersDifficulty>(
    isDifficulty(initialDifficulty) ? initialDifficulty : "easy",
  );
  const initialMines = Number(params.get("mines") ?? "3");
  const [mines, setMines] = useState(isMinesCount(initialMines) ? initialMines : 3);
  const [problem, setProblem] = useState<string | null>(null);
  const [computed, setComputed] = useState<Computed | null>(null);
  const server = useVerifyRound();
  const needs = gameRegistry[game].verifyNeeds;
  const title = t("verify.title");

  const compute = (event: FormEvent) => {
    event.preventDefault();
    server.reset();
    const n = Number(nonce);
    const error = !SERVER_SEED.test(serverSeed.trim())
      ? t("verify.badServerSeed")
      : !CLIENT_SEED.test(clientSeed.trim())
        ? t("verify.badClientSeed")
        : !/^\d{1,10}$/.test(nonce.trim()) || !Number.isSafeInteger(n)
          ? t("verify.badNonce")
          : null;
    setProblem(error);
    if (error) {
      setComputed(null);
      return;
    }
    const query: VerifyQuery = {
      game,
      serverSeed: serverSeed.trim(),
      clientSeed: clientSeed.trim(),
      nonce: n,
      ...(needs.includes("difficulty") ? { difficulty } : {}),
      ...(needs.includes("mines") ? { mines } : {}),
    };
    const seeds = { serverSeed: query.serverSeed, clientSeed: query.clientSeed, nonce: n };
    const result = verifyResult(game, seeds, { difficulty, mines });
    setComputed({ query, result, hash: sha256Hex(query.serverSeed) });
  };

  const expectedHash = serverSeedHash.trim().toLowerCase();
  return (
    <div className="grid grid-cols-1 gap-5">
      <Link to="/game" className="w-fit text-sm font-semibold text-amber-200 underline">
        {t("allGames")}
      </Link>
      <PageTitle title={title}>{title}</PageTitle>
      <p className="text-sm text-slate-300">{t("verify.intro")}</p>
      <form onSubmit={compute} className={`${panelClasses} grid gap-3`} noValidate>
        <GameSelect
          label={t("verify.game")}
          value={game}
          onChange={(value) => setGame(value as GameId)}
        >
          <ChoiceOptions values={GAMES} label={(value) => t(`names.${value}`)} />
        </GameSelect>
        <TextField
          label={t("verify.serverSeed")}
          value={serverSeed}
          {...seedInput}
          onChange={(event) => setServerSeed(event.target.value)}
        />
        <TextField
          label={t("verify.serverSeedHash")}
          value={serverSeedHash}
          {...seedInput}
          onChange={(event) => setServerSeedHash(event.target.value)}
        />
        <TextField
          label={t("verify.clientSeed")}
          value={clientSeed}
          {...seedInput}
          onChange={(event) => setClientSeed(event.target.value)}
        />
        <TextField
          label={t("verify.nonce")}
          value={nonce}
          inputMode="numeric"
          maxLength={10}
          onChange={(event) => setNonce(event.target.value)}
        />
        {needs.includes("difficulty") ? (
          <DifficultySelect
            label={t("verify.difficulty")}
            value={difficulty}
            onChange={setDifficulty}
          />
        ) : null}
        {needs.includes("mines") ? (
          <GameSelect
            label={t("verify.mines")}
            value={mines}
            onChange={(value) => setMines(Number(value))}
          >
            <ChoiceOptions values={countRange(MINES.minMines, MINES.maxMines)} />
          </GameSelect>
        ) : null}
        <Button type="submit" size="lg">
          {t("verify.compute")}
        </Button>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
      </form>
      {computed ? (
        <section className={`${panelClasses} grid gap-3`} aria-live="polite">
          <h2 className="text-lg font-bold text-white">{t("verify.outcome")}</h2>
          <p className="break-all font-mono text-xs text-slate-400">
            {t("verify.computedHash", { hash: computed.hash })}
          </p>
          {expectedHash ? (
            <Alert tone={expectedHash === computed.hash ? "success" : "error"}>
              <span data-testid="verify-hash">
                {expectedHash === computed.hash ? t("verify.hashOk") : t("verify.hashBad")}
              </span>
            </Alert>
          ) : null}
          <Outcome result={computed.result} />
          <Button
            variant="secondary"
            className="w-fit"
            disabled={server.isPending}
            onClick={() => server.mutate(computed.query)}
          >
            {t("verify.server")}
          </Button>
          <PlayError error={server.error} />
          {server.data ? (
            <Alert
              tone={
                JSON.stringify(server.data.outcome) === JSON.stringify(computed.result.outcome)
                  ? "success"
                  : "error"
              }
            >
              <span data-testid="verify-server">
                {JSON.stringify(server.data.outcome) === JSON.stringify(computed.result.outcome)
                  ? t("verify.serverSame")
                  : t("verify.serverDifferent")}
              </span>
            </Alert>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
