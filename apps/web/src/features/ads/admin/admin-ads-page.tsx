import type { AdminAd } from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { formatDateTime, formatDecimal, formatNumber } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
import { clickThroughRate } from "../ads-logic";
import { adminAdsQueryOptions, useDeleteAd } from "../api/ads-api";
import { AdForm } from "./ad-form";

const cell = "px-2 py-1.5 text-right tabular-nums";

function CountsTable({ ad }: { ad: AdminAd }) {
  const { t } = useTranslation("ads");
  const { language } = useLanguage();
  const ctr = (counts: AdminAd["total"]) => {
    const rate = clickThroughRate(counts);
    return rate === null
      ? t("admin.counts.none")
      : t("admin.counts.percent", { value: formatDecimal(rate, language, { min: 1, max: 2 }) });
  };
  const rows = [
    { key: "total", label: t("admin.counts.total"), counts: ad.total },
    { key: "recent", label: t("admin.counts.recent"), counts: ad.recent },
  ];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="admin-ad-counts">
        <thead className="text-xs text-muted">
          <tr>
            <th className="px-2 py-1.5 text-left font-normal">{t("admin.counts.period")}</th>
            <th className={`${cell} font-normal`}>{t("admin.counts.impressions")}</th>
            <th className={`${cell} font-normal`}>{t("admin.counts.clicks")}</th>
            <th className={`${cell} font-normal`}>{t("admin.counts.ctr")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              className="border-t border-night-700"
              data-testid={`counts-${row.key}`}
            >
              <th scope="row" className="px-2 py-1.5 text-left font-normal text-slate-300">
                {row.label}
              </th>
              <td className={cell}>{formatNumber(row.counts.impressions, language)}</td>
              <td className={cell}>{formatNumber(row.counts.clicks, language)}</td>
              <td className={cell}>{ctr(row.counts)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatusBadge({ ad }: { ad: AdminAd }) {
  const { t } = useTranslation("ads");
  const [label, tone] = ad.live
    ? [t("admin.status.live"), "bg-emerald-500/15 text-emerald-200"]
    : ad.imageUrl === null
      ? [t("admin.status.noImage"), "bg-rose-500/15 text-rose-200"]
      : [t("admin.status.notLive"), "bg-night-700 text-slate-200"];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>;
}

function AdCard({
  ad,
  onEdit,
  onDelete,
}: {
  ad: AdminAd;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("ads");
  const { language } = useLanguage();
  return (
    <li
      className="grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4"
      data-testid={`admin-ad-${ad.id}`}
    >
      <div className="flex gap-3">
        {ad.imageUrl ? (
          <img
            src={ad.imageUrl}
            alt={ad.title}
            className="h-16 w-24 shrink-0 rounded-lg border border-night-700 object-cover"
          />
        ) : (
          <div aria-hidden="true" className="h-16 w-24 shrink-0 rounded-lg bg-night-700" />
        )}
        <div className="grid min-w-0 gap-1">
          <p className="break-words font-semibold text-white">{ad.title}</p>
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-300">
            <StatusBadge ad={ad} />
            <span>{t(`admin.placements.${ad.placement}`)}</span>
            <span>{t("admin.weightValue", { weight: ad.weight })}</span>
            {ad.active ? null : <span>{t("admin.status.inactive")}</span>}
          </div>
        </div>
      </div>
      <p className="break-all text-xs text-sky-200">{ad.linkUrl}</p>
      <p className="text-xs text-muted">
        {t("admin.window", {
          start: formatDateTime(ad.startsAt, language),
          end: formatDateTime(ad.endsAt, language),
        })}
      </p>
      <CountsTable ad={ad} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onEdit}>
          {t("admin.edit")}
          <span className="sr-only"> — {ad.title}</span>
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete}>
          {t("admin.delete")}
          <span className="sr-only"> — {ad.title}</span>
        </Button>
      </div>
    </li>
  );
}

/** /admin/ads: every ad with its counts and click-through rate; create, edit, image, delete. */
export function AdminAdsPage() {
  const { t } = useTranslation("ads");
  const { t: ta } = useTranslation("admin");
  const ads = useQuery(adminAdsQueryOptions());
  // null: no form; "new": the creation form; else the ad being edited.
  const [editing, setEditing] = useState<AdminAd | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminAd | null>(null);
  const remove = useDeleteAd();
  const title = ta("pages.ads");

  return (
    <div className="grid gap-5">
      <PageTitle title={title}>{title}</PageTitle>
      <p className="text-sm text-slate-300">{t("admin.intro")}</p>
      {editing === null ? (
        <Button className="w-fit" onClick={() => setEditing("new")} data-testid="admin-ad-new">
          {t("admin.new")}
        </Button>
      ) : (
        <AdForm
          key={editing === "new" ? "new" : editing.id}
          ad={editing === "new" ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <QueryState
        query={ads}
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-sm text-muted">{t("admin.empty")}</p>}
      >
        {(data) => (
          <ul className="grid gap-3 lg:grid-cols-2">
            {data.items.map((ad) => (
              <AdCard
                key={ad.id}
                ad={ad}
                onEdit={() => setEditing(ad)}
                onDelete={() => {
                  remove.reset();
                  setDeleting(ad);
                }}
              />
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={deleting !== null}
        title={t("admin.deleteTitle")}
        confirmLabel={t("admin.deleteConfirm")}
        cancelLabel={t("admin.cancel")}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
        onCancel={() => setDeleting(null)}
      >
        <p>{t("admin.deleteText", { title: deleting?.title ?? "" })}</p>
        {remove.isError ? (
          <Alert tone="error" className="mt-3">
            {remove.error.message}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
