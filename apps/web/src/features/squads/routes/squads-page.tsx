import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { useSquadBoard } from "../api/use-squads";
import { CooldownNotice } from "../components/cooldown-notice";
import { CreateSquadForm } from "../components/create-squad-form";
import { MySquadCard } from "../components/my-squad-card";
import { SquadBoardList } from "../components/squad-board";

/** /squads « Escouades »: my squad (or how to get one) and the week's board. */
export function SquadsPage() {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  const board = useSquadBoard();
  const title = t("title");
  return (
    <div className="grid grid-cols-1 gap-5">
      <div>
        <PageTitle title={title}>{title}</PageTitle>
        <p className="mt-1 text-muted">{t("subtitle")}</p>
      </div>
      <QueryState query={board}>
        {(data) => (
          <>
            {data.viewer.squadId ? (
              <MySquadCard board={data} />
            ) : (
              <>
                <p className="text-slate-300">{t("mine.none")}</p>
                <CooldownNotice until={data.viewer.cooldownUntil} />
                <CreateSquadForm canCreate={data.viewer.canCreate} />
              </>
            )}
            <SquadBoardList board={data} />
          </>
        )}
      </QueryState>
    </div>
  );
}
