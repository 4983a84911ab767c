import {
  ADMIN_KYC_QUEUE_STATUSES,
  type AdminKycItem,
  type AdminKycRequest,
  KYC_FILE_SLOTS,
  KYC_REASON_MAX_LENGTH,
  KYC_REASON_MIN_LENGTH,
} from "@fre/shared";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { OpenedBy } from "../../../components/admin-queue/opened-by";
import {
  QueueFilters,
  QueuePages,
  useQueueSearch,
} from "../../../components/admin-queue/queue-page";
import { type QueueSearchConfig, queueQueryOf } from "../../../components/admin-queue/queue-search";
import { ReasonField, useReasonField } from "../../../components/admin-queue/reason-field";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useMe } from "../../../lib/session";
import { useLanguage } from "../../../lib/use-language";
import {
  adminKycQueueQueryOptions,
  adminKycRequestQueryOptions,
  useDecideKyc,
  useOpenKycRequest,
} from "../api/kyc-api";
import { KycPhoto } from "./kyc-photo";
import { countryName, formatCalendarDay } from "./kyc-review-format";

/** The pending queue is asked again every 30 s: new requests, and who has one open. */
const QUEUE_POLL_MS = 30_000;

/** The URL's `status`, `sort`, `minAmount`, `maxAmount` (decision 0061; amount = balance). */
export const KYC_QUEUE_SEARCH: QueueSearchConfig<(typeof ADMIN_KYC_QUEUE_STATUSES)[number], never> =
  {
    statuses: ADMIN_KYC_QUEUE_STATUSES,
    defaultStatus: "pending",
    defaultSort: () => "oldest",
  };
const card = "grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4";

function Fields({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="break-words text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DecisionForm({ request }: { request: AdminKycRequest }) {
  const { t } = useTranslation("kyc");
  const reason = useReasonField(
    KYC_REASON_MIN_LENGTH,
    t("admin.reasonTooShort", { min: KYC_REASON_MIN_LENGTH }),
  );
  const decide = useDecideKyc(request.userId);
  const reject = (event: FormEvent) => {
    event.preventDefault();
    const accepted = reason.accepted();
    if (accepted !== undefined) decide.mutate({ decision: "reject", reason: accepted });
  };
  return (
    <form onSubmit={reject} className="grid gap-3 border-t border-night-700 pt-3" noValidate>
      <ReasonField
        field={reason}
        label={t("admin.reason")}
        hint={t("admin.reasonHint")}
        rows={3}
        maxLength={KYC_REASON_MAX_LENGTH}
        heightClass="min-h-20"
      />
      {decide.isError && (
        <Alert tone="error">
          {isApiError(decide.error) ? decide.error.message : t("errors.save")}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => decide.mutate({ decision: "approve" })}
          disabled={decide.isPending}
          data-testid="admin-kyc-approve"
        >
          {t("admin.approve")}
        </Button>
        <Button
          type="submit"
          variant="danger"
          disabled={decide.isPending}
          data-testid="admin-kyc-reject"
        >
          {t("admin.reject")}
        </Button>
      </div>
    </form>
  );
}

/** One request: its fields for people, its photos, the decision (exported for its test). */
export function RequestDetail({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation("kyc");
  const { language } = useLanguage();
  const me = useMe();
  const request = useQuery(adminKycRequestQueryOptions(userId));
  // Shown to this admin: the others are told (« ouverte par … ») and this one learns who else.
  const open = useOpenKycRequest(userId);
  const { mutate: markOpen } = open;
  useEffect(() => markOpen(), [markOpen]);
  return (
    <section
      className={`${card} content-start self-start`}
      aria-labelledby="admin-kyc-request"
      data-testid="admin-kyc-request"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-kyc-request" className="text-lg font-bold text-white">
          {request.data
            ? t("admin.requestOf", { nickname: request.data.nickname })
            : t("admin.request")}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t("admin.close")}
        </Button>
      </div>
      <OpenedBy openedBy={open.data?.openedBy} />
      <QueryState query={request} retry="inline">
        {(data) => {
          const { identity, address, document } = data;
          const dash = "—";
          return (
            <div className="grid gap-4">
              <p className="text-sm text-slate-200">
                {t(`admin.status.${data.status}`)}
                {data.submittedAt
                  ? ` · ${t("admin.submittedAt", { date: formatDateTime(data.submittedAt, language) })}`
                  : ""}
                {data.reviewedAt
                  ? ` · ${t("admin.reviewedAt", { date: formatDateTime(data.reviewedAt, language) })}`
                  : ""}
              </p>
              {data.rejectionReason ? (
                <p className="text-sm text-rose-200">
                  {t("status.reason")} {data.rejectionReason}
                </p>
              ) : null}
              <h3 className="font-semibold text-white">{t("steps.identity")}</h3>
              <Fields
                rows={[
                  [t("identity.firstName"), identity?.firstName ?? dash],
                  [t("identity.lastName"), identity?.lastName ?? dash],
                  [
                    t("identity.dateOfBirth"),
                    identity ? formatCalendarDay(identity.dateOfBirth, language) : dash,
                  ],
                  [
                    t("identity.nationality"),
                    identity ? countryName(identity.nationality, language) : dash,
                  ],
                  [t("identity.phoneNumber"), identity?.phoneNumber ?? dash],
                ]}
              />
              <h3 className="font-semibold text-white">{t("steps.address")}</h3>
              <Fields
                rows={[
                  [t("address.address"), address?.address ?? dash],
                  [t("address.postalCode"), address?.postalCode ?? dash],
                  [t("address.city"), address?.city ?? dash],
                  [t("address.country"), address ? countryName(address.country, language) : dash],
                ]}
              />
              <h3 className="font-semibold text-white">{t("steps.documents")}</h3>
              <Fields
                rows={[
                  [
                    t("documents.documentType"),
                    document ? t(`documents.types.${document.documentType}`) : dash,
                  ],
                  [t("documents.documentNumber"), document?.documentNumber ?? dash],
                ]}
              />
              <div className="grid gap-3 sm:grid-cols-2">
                {[...data.files]
                  .sort((a, b) => KYC_FILE_SLOTS.indexOf(a.slot) - KYC_FILE_SLOTS.indexOf(b.slot))
                  .map((file) => (
                    <figure key={file.slot} className="grid gap-1">
                      <KycPhoto
                        userId={userId}
                        slot={file.slot}
                        alt={t("admin.photoAlt", {
                          name: t(`photos.${file.slot}`),
                          nickname: data.nickname,
                        })}
                      />
                      <figcaption className="text-xs text-muted">
                        {t(`photos.${file.slot}`)}
                      </figcaption>
                    </figure>
                  ))}
              </div>
              {data.status !== "pending" ? null : data.userId === me.data?.id ? (
                <Alert tone="info">{t("admin.ownRequest")}</Alert>
              ) : (
                <DecisionForm request={data} />
              )}
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}

function QueueItem({
  item,
  selected,
  onSelect,
}: {
  item: AdminKycItem;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation("kyc");
  const { language } = useLanguage();
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? "true" : undefined}
        className="grid w-full gap-0.5 rounded-xl border border-night-700 px-3 py-2 text-left hover:border-amber-300/70 aria-[current=true]:border-amber-300"
        data-testid="admin-kyc-item"
      >
        <span className="font-semibold text-white">{item.nickname}</span>
        <span className="text-xs text-muted">
          {item.submittedAt
            ? t("admin.submittedAt", { date: formatDateTime(item.submittedAt, language) })
            : "—"}
        </span>
        <span className="text-xs tabular-nums text-slate-200" data-testid="admin-kyc-balance">
          {t("admin.balance", { amount: formatFreSafe(item.balance, language, "balance") })}
        </span>
        <OpenedBy openedBy={item.openedBy} />
      </button>
    </li>
  );
}

/**
 * /admin/kyc: the queue (oldest submission first unless sorted otherwise, filtered by balance,
 * as the URL says), one request with its photos, the decision.
 */
export function AdminKycPage() {
  const { t } = useTranslation("kyc");
  const { t: ta } = useTranslation("admin");
  const queueSearch = useQueueSearch(KYC_QUEUE_SEARCH);
  const { search } = queueSearch;
  const tab = search.status;
  const [selected, setSelected] = useState<string | null>(null);
  const queue = useInfiniteQuery({
    ...adminKycQueueQueryOptions(queueQueryOf(search)),
    refetchInterval: tab === "pending" ? QUEUE_POLL_MS : false,
  });
  const title = ta("pages.kyc");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <QueueFilters
        queue={queueSearch}
        amountKind="balance"
        tabsLabel={t("admin.tabsLabel")}
        tabLabel={(name) => t(`admin.tabs.${name}`)}
        onTab={() => setSelected(null)}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(16rem,1fr)_2fr]">
        <section
          className={`${card} content-start self-start`}
          aria-labelledby="admin-kyc-queue"
          role="tabpanel"
        >
          <h2 id="admin-kyc-queue" className="text-lg font-bold text-white">
            {t(`admin.tabs.${tab}`)}
          </h2>
          <QueuePages query={queue} keyOf={(item) => item.userId} empty={t("admin.empty")}>
            {(items) => (
              <ul className="grid gap-2" data-testid="admin-kyc-queue">
                {items.map((item) => (
                  <QueueItem
                    key={item.userId}
                    item={item}
                    selected={selected === item.userId}
                    onSelect={() => setSelected(item.userId)}
                  />
                ))}
              </ul>
            )}
          </QueuePages>
        </section>
        {selected ? (
          <RequestDetail key={selected} userId={selected} onClose={() => setSelected(null)} />
        ) : (
          <p className="text-sm text-muted">{t("admin.select")}</p>
        )}
      </div>
    </div>
  );
}
