import type { RotateSeeds } from "@fre/shared";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { useChangeClientSeed, useRotateSeeds, useSeeds } from "../hooks/use-games";
import { PlayError, panelClasses } from "./game-ui";

const mono = "break-all font-mono text-xs text-slate-200";

function Revealed({ revealed }: { revealed: RotateSeeds["revealed"] }) {
  const { t } = useTranslation("games");
  return (
    <div data-testid="games-revealed" className="grid gap-1 rounded-xl bg-night-800 p-3 text-sm">
      <p className="font-semibold text-emerald-200">{t("seeds.revealedTitle")}</p>
      <p className="text-xs text-slate-400">{t("seeds.revealedSeed")}</p>
      <p className={mono} data-testid="games-revealed-seed">
        {revealed.serverSeed}
      </p>
      <p className="text-xs text-slate-400">{t("seeds.revealedHash")}</p>
      <p className={mono}>{revealed.serverSeedHash}</p>
      <p className="text-xs text-slate-300">
        {revealed.lastNonce < 0
          ? t("seeds.noBet")
          : t("seeds.lastNonce", { nonce: revealed.lastNonce })}
      </p>
    </div>
  );
}

/** The seed pair in use: its hash, the editable client seed, the nonce; rotation reveals it. */
export function SeedsPanel() {
  const { t } = useTranslation("games");
  const seeds = useSeeds();
  const change = useChangeClientSeed();
  const rotate = useRotateSeeds();
  const [clientSeed, setClientSeed] = useState("");
  const headingId = useId();
  const current = seeds.data?.clientSeed;
  useEffect(() => {
    if (current !== undefined) setClientSeed(current);
  }, [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(clientSeed.trim());
  };

  return (
    <section aria-labelledby={headingId} className={`${panelClasses} grid gap-3`}>
      <h2 id={headingId} className="text-lg font-bold text-white">
        {t("seeds.title")}
      </h2>
      <p className="text-sm text-slate-300">{t("seeds.explain")}</p>
      <QueryState query={seeds} retry="inline">
        {(data) => (
          <div className="grid gap-3">
            <div>
              <p className="text-xs text-slate-400">{t("seeds.serverSeedHash")}</p>
              <p className={mono} data-testid="games-seed-hash">
                {data.serverSeedHash}
              </p>
            </div>
            <div>
              <p className="text-xs text-slate-400">{t("seeds.nonce")}</p>
              <p className="font-mono text-sm text-slate-100" data-testid="games-nonce">
                {data.nonce}
              </p>
            </div>
            <form onSubmit={submit} className="grid gap-2">
              <TextField
                label={t("seeds.clientSeed")}
                hint={t("seeds.clientSeedHint")}
                value={clientSeed}
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => setClientSeed(event.target.value)}
              />
              <Button
                type="submit"
                variant="secondary"
                className="w-fit"
                disabled={change.isPending || clientSeed.trim() === data.clientSeed}
              >
                {t("seeds.save")}
              </Button>
              {change.isSuccess ? <Alert tone="success">{t("seeds.saved")}</Alert> : null}
              <PlayError error={change.error} />
            </form>
            <Button
              variant="secondary"
              className="w-fit"
              disabled={rotate.isPending}
              onClick={() => rotate.mutate()}
            >
              {t("seeds.rotate")}
            </Button>
            <PlayError error={rotate.error} />
            {rotate.data ? <Revealed revealed={rotate.data.revealed} /> : null}
            {data.revealed.length > 0 ? (
              <details className="text-sm text-slate-300">
                <summary className="cursor-pointer font-semibold">{t("seeds.earlier")}</summary>
                <ul className="mt-2 grid gap-2">
                  {data.revealed.map((pair) => (
                    <li key={pair.serverSeedHash} className="grid gap-1">
                      <span className={mono}>{pair.serverSeed}</span>
                      <span className="text-xs text-slate-400">
                        {pair.lastNonce < 0
                          ? t("seeds.noBet")
                          : t("seeds.lastNonce", { nonce: pair.lastNonce })}
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        )}
      </QueryState>
    </section>
  );
}
