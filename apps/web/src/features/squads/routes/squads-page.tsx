import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/ui/page-header";
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
  return (
    <div className="grid grid-cols-1 gap-5">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
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
