import type { SquadBoard, SquadLine } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { useJoinSquad } from "../api/use-squads";
import { squadPath } from "../squad-path";
import { weekSpan } from "../week-span";
import { card } from "./squad-card-styles";
import { SquadError } from "./squad-error";

function SquadRow({
  line,
  mine,
  canJoin,
  onJoin,
  joining,
}: {
  line: SquadLine;
  mine: boolean;
  canJoin: boolean;
  onJoin: (id: string) => void;
  joining: boolean;
}) {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  const { language } = useLanguage();
  return (
    <li
      data-testid="squad-row"
      data-squad-id={line.id}
      aria-current={mine ? "true" : undefined}
      className={`flex flex-wrap items-center gap-3 rounded-xl border px-3 py-2 ${
        mine ? "border-amber-300 bg-amber-300/10" : "border-night-700 bg-night-900"
      }`}
    >
      <span className="w-12 shrink-0 font-bold tabular-nums text-amber-200">
        {t("board.rank", { rank: line.rank })}
      </span>
      <span className="grid min-w-0 flex-1">
        <Link
          to={squadPath(line.id)}
          className="break-all font-semibold text-white underline-offset-4 hover:underline"
        >
          {line.name}
        </Link>
        {/* What the week holds under the name, each fact wrapping whole: beside the rank and
            the join button a long language (« Участников: 2 ») keeps its words on one line. */}
        <span className="flex flex-wrap gap-x-3 text-sm text-muted">
          <span className="font-semibold tabular-nums text-slate-100">
            {t("fre", { amount: formatFreSafe(line.mined, language, "balance") })}
          </span>
          <span>{t("board.members", { members: line.members })}</span>
          {mine ? <span>{t("board.mine")}</span> : null}
        </span>
      </span>
      {canJoin ? (
        <Button
          size="sm"
          data-testid="squad-join"
          disabled={joining}
          aria-label={t("joinNamed", { name: line.name })}
          onClick={() => onJoin(line.id)}
        >
          {t("join")}
        </Button>
      ) : null}
    </li>
  );
}

/** The week's top squads, mine highlighted (and added below when outside the top). */
export function SquadBoardList({ board }: { board: SquadBoard }) {
  const { t, i18n } = useTranslation("app", { keyPrefix: "squads" });
  const join = useJoinSquad();
  const mineId = board.viewer.squadId;
  const canJoin = mineId === null;
  const inTop = board.mine !== null && board.squads.some((line) => line.id === board.mine?.id);
  const row = (line: SquadLine) => (
    <SquadRow
      key={line.id}
      line={line}
      mine={line.id === mineId}
      canJoin={canJoin}
      joining={join.isPending}
      onJoin={(id) => join.mutate(id)}
    />
  );
  return (
    <section className={card} aria-labelledby="squad-board-title" data-testid="squad-board">
      <h2 id="squad-board-title" className="text-lg font-semibold text-white">
        {t("board.title", weekSpan(board, i18n.language))}
      </h2>
      <SquadError error={join.error} />
      {board.squads.length === 0 ? (
        <p className="text-muted">{t("board.empty")}</p>
      ) : (
        <ol className="grid gap-2">{board.squads.map(row)}</ol>
      )}
      {board.mine && !inTop ? (
        <ol className="grid gap-2 border-t border-night-700 pt-3" aria-label={t("board.mine")}>
          {row(board.mine)}
        </ol>
      ) : null}
    </section>
  );
}
