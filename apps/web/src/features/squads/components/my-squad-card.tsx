import type { SquadBoard } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Button, ButtonLink } from "../../../components/ui/button";
import { useLeaveSquad } from "../api/use-squads";
import { squadPath } from "../squad-path";
import { card } from "./squad-card-styles";
import { SquadError } from "./squad-error";
import { SquadStats } from "./squad-stats";

/** My squad on this week's board, with its page and the way out. */
export function MySquadCard({ board }: { board: SquadBoard }) {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  const leave = useLeaveSquad();
  const id = board.viewer.squadId;
  if (!id) return null;
  const mine = board.mine;
  return (
    <section className={card} aria-labelledby="my-squad-title" data-testid="my-squad">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-squad-title" className="text-sm text-muted">
          {t("mine.title")}
        </h2>
        {mine ? (
          <p className="break-all text-lg font-semibold text-white" data-testid="my-squad-name">
            {mine.name}
          </p>
        ) : null}
      </div>
      {mine ? <SquadStats rank={mine.rank} mined={mine.mined} members={mine.members} /> : null}
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={squadPath(id)} variant="secondary">
          {t("mine.open")}
        </ButtonLink>
        <Button
          variant="ghost"
          data-testid="squad-leave"
          disabled={leave.isPending}
          onClick={() => leave.mutate()}
        >
          {t("leave")}
        </Button>
      </div>
      <SquadError error={leave.error} />
    </section>
  );
}
