import type { QueueOpenedBy } from "@fre/shared";
import { useTranslation } from "react-i18next";

/** The words of « ouverte par Camille_M il y a 2 min » (decision 0061), or nothing. */
export function useOpenedByText(openedBy: QueueOpenedBy | undefined): string | null {
  const { t } = useTranslation("admin");
  if (!openedBy) return null;
  const nickname = openedBy.nickname ?? t("queues.someAdmin");
  return openedBy.minutesAgo === 0
    ? t("queues.openedByNow", { nickname })
    : t("queues.openedBy", { nickname, count: openedBy.minutesAgo });
}

/** Another admin has this request open: said before anyone starts the same work twice. */
export function OpenedBy({ openedBy }: { openedBy: QueueOpenedBy | undefined }) {
  const text = useOpenedByText(openedBy);
  if (!text) return null;
  return (
    <p className="text-sm font-medium text-amber-200" data-testid="queue-opened-by">
      <span aria-hidden="true">● </span>
      {text}
    </p>
  );
}
