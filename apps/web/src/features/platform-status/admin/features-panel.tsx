import {
  FEATURE_IDS,
  type FeatureId,
  type Features,
  type FeaturesBody,
  MAINTENANCE_MESSAGE_MAX_LENGTH,
  maintenanceMessageSchema,
} from "@fre/shared";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { QueryState } from "../../../components/ui/query-state";
import { TextAreaField } from "../../../components/ui/text-area-field";
import { isApiError } from "../../../lib/api-client";
import { useFeatures } from "../hooks/use-features";
import { useSaveFeatures } from "../hooks/use-save-features";

/** A change waiting for the admin's confirmation. */
type Change =
  | { kind: "feature"; feature: FeatureId; on: boolean }
  | { kind: "maintenanceOn" | "maintenanceMessage"; message: string }
  | { kind: "maintenanceOff" };

function bodyOf(change: Change): FeaturesBody {
  switch (change.kind) {
    case "feature":
      return { [change.feature]: change.on };
    case "maintenanceOn":
    case "maintenanceMessage":
      return { maintenance: { active: true, message: change.message } };
    case "maintenanceOff":
      return { maintenance: { active: false } };
  }
}

function SwitchRow({
  label,
  description,
  checked,
  disabled,
  onToggle,
  testId,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-xl border border-night-700 bg-night-900/60 p-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        data-testid={testId}
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        // The box changes only once the admin has confirmed and the server agreed.
        onChange={() => onToggle()}
        className="relative mt-0.5 h-6 w-10 shrink-0 appearance-none rounded-full bg-night-600 transition-colors before:absolute before:left-0.5 before:top-0.5 before:size-5 before:rounded-full before:bg-slate-100 before:shadow before:transition-transform checked:bg-amber-400 checked:before:translate-x-4 checked:before:bg-night-950 focus-visible:outline-2 focus-visible:outline-amber-300 disabled:opacity-60 motion-reduce:transition-none motion-reduce:before:transition-none"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-semibold text-slate-100">
          {label}
        </label>
        <p id={`${id}-description`} className="text-xs leading-relaxed text-muted">
          {description}
        </p>
      </div>
    </div>
  );
}

function FeaturesForm({ features }: { features: Features }) {
  const { t } = useTranslation("admin");
  const save = useSaveFeatures();
  const [change, setChange] = useState<Change | null>(null);
  const [message, setMessage] = useState(features.maintenance.message ?? "");
  const [messageError, setMessageError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const active = features.maintenance.active;

  function ask(next: Change) {
    if (next.kind === "maintenanceOn" || next.kind === "maintenanceMessage") {
      if (!maintenanceMessageSchema.safeParse(next.message).success) {
        setMessageError(t("features.messageInvalid", { max: MAINTENANCE_MESSAGE_MAX_LENGTH }));
        return;
      }
    }
    save.reset();
    setDone(null);
    setChange(next);
  }

  function confirm() {
    if (!change) return;
    save.mutate(bodyOf(change), {
      onSuccess: (saved) => {
        setDone(t(`features.done.${change.kind}`));
        setMessage(saved.maintenance.message ?? "");
        setChange(null);
      },
    });
  }

  const dialogText = !change
    ? ""
    : change.kind === "feature"
      ? t(change.on ? "features.confirm.on" : "features.confirm.off", {
          feature: t(`features.names.${change.feature}`),
        })
      : t(`features.confirm.${change.kind}`);
  const error = save.error
    ? isApiError(save.error)
      ? save.error.message
      : t("features.failed")
    : null;

  return (
    <div className="grid gap-4">
      {done ? <Alert tone="success">{done}</Alert> : null}
      <div className="grid gap-3">
        {FEATURE_IDS.map((feature) => (
          <SwitchRow
            key={feature}
            testId={`feature-switch-${feature}`}
            label={t(`features.names.${feature}`)}
            description={t(`features.descriptions.${feature}`)}
            checked={features[feature]}
            disabled={save.isPending}
            onToggle={() => ask({ kind: "feature", feature, on: !features[feature] })}
          />
        ))}
      </div>
      <div className="grid gap-3 rounded-xl border border-night-700 p-3">
        <SwitchRow
          testId="feature-switch-maintenance"
          label={t("features.maintenance")}
          description={t("features.maintenanceDescription")}
          checked={active}
          disabled={save.isPending}
          onToggle={() =>
            ask(active ? { kind: "maintenanceOff" } : { kind: "maintenanceOn", message })
          }
        />
        <TextAreaField
          label={t("features.message")}
          hint={t("features.messageHint")}
          name="maintenance-message"
          rows={3}
          maxLength={MAINTENANCE_MESSAGE_MAX_LENGTH}
          value={message}
          error={messageError}
          aside={`${message.length} / ${MAINTENANCE_MESSAGE_MAX_LENGTH}`}
          onChange={(event) => {
            // One line: the server refuses line breaks.
            setMessage(event.target.value.replace(/[\r\n]+/g, " "));
            setMessageError(null);
          }}
        />
        {active ? (
          <Button
            variant="secondary"
            className="sm:w-fit"
            disabled={save.isPending || message.trim() === (features.maintenance.message ?? "")}
            onClick={() => ask({ kind: "maintenanceMessage", message })}
          >
            {t("features.saveMessage")}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={change !== null}
        title={change ? t(`features.confirmTitle.${change.kind}`) : ""}
        confirmLabel={t("features.confirmButton")}
        cancelLabel={t("features.cancel")}
        tone={
          change?.kind === "maintenanceOn" || (change?.kind === "feature" && !change.on)
            ? "danger"
            : "primary"
        }
        busy={save.isPending}
        onCancel={() => setChange(null)}
        onConfirm={confirm}
      >
        <div className="grid gap-3">
          <p>{dialogText}</p>
          {change && "message" in change && change.message.trim() ? (
            <blockquote dir="auto" className="break-words border-l-2 border-amber-300 pl-3">
              {change.message.trim()}
            </blockquote>
          ) : null}
          {error ? <Alert tone="error">{error}</Alert> : null}
        </div>
      </ConfirmDialog>
    </div>
  );
}

/** « Fonctionnalités et maintenance »: the switches of spec §1, each change confirmed. */
export function FeaturesPanel() {
  const { t } = useTranslation("admin");
  const features = useFeatures();
  return (
    <section
      aria-labelledby="features-title"
      data-testid="features-panel"
      className="grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-5"
    >
      <div className="grid gap-1">
        <h2 id="features-title" className="text-lg font-semibold text-white">
          {t("features.title")}
        </h2>
        <p className="text-sm text-muted">{t("features.intro")}</p>
      </div>
      <QueryState query={features} error={t("features.loadFailed")} retry="inline">
        {(data) => <FeaturesForm features={data} />}
      </QueryState>
    </section>
  );
}
