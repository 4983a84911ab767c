import type { KycState } from "@fre/shared";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePhotoUploads } from "../api/use-photo-uploads";
import { AddressStep } from "./address-step";
import { DocumentsStep } from "./documents-step";
import { IdentityStep } from "./identity-step";

const STEPS = ["identity", "address", "documents"] as const;
type Step = (typeof STEPS)[number];

/** Where to resume: the first step not saved yet (another device may have saved some). */
function firstOpenStep(state: KycState): number {
  if (!state.draft.identity) return 0;
  if (!state.draft.address) return 1;
  return 2;
}

/** The three steps of spec §2 /kyc, each saved as a draft before the next one opens. */
export function KycForm({ state, onSubmitted }: { state: KycState; onSubmitted: () => void }) {
  const { t } = useTranslation("kyc");
  const [step, setStep] = useState(() => firstOpenStep(state));
  const photos = usePhotoUploads();
  const heading = useRef<HTMLHeadingElement>(null);
  // On a step change the new step's title takes the focus (read first by screen readers).
  const go = (next: number) => {
    setStep(next);
    requestAnimationFrame(() => heading.current?.focus());
  };
  const current: Step = STEPS[step] ?? "identity";
  const saved: Record<Step, boolean> = {
    identity: state.draft.identity !== null,
    address: state.draft.address !== null,
    documents: state.draft.document !== null,
  };

  return (
    <div className="grid gap-5">
      <nav aria-label={t("steps.label")}>
        <ol className="grid grid-cols-3 gap-2">
          {STEPS.map((name, index) => {
            const reachable = index === 0 || saved[STEPS[index - 1] as Step];
            const active = index === step;
            return (
              <li key={name}>
                <button
                  type="button"
                  disabled={!reachable}
                  aria-current={active ? "step" : undefined}
                  onClick={() => go(index)}
                  className={`grid w-full gap-1 rounded-xl border px-2 py-2 text-left text-xs sm:text-sm ${
                    active
                      ? "border-amber-300 bg-amber-400/10 text-white"
                      : "border-night-700 bg-night-850 text-slate-300"
                  } disabled:cursor-not-allowed disabled:opacity-60`}
                >
                  <span className="font-semibold">
                    {t("steps.number", { number: index + 1 })}
                    {saved[name] ? ` · ${t("steps.saved")}` : ""}
                  </span>
                  <span>{t(`steps.${name}`)}</span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <section
        aria-labelledby="kyc-step-title"
        className="grid gap-4 rounded-2xl border border-night-700 bg-night-900/60 p-4 sm:p-6"
      >
        <h2
          id="kyc-step-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-bold text-white focus:outline-none"
        >
          {t(`steps.${current}Title`)}
        </h2>
        {current === "identity" ? (
          <IdentityStep state={state} onSaved={() => go(1)} />
        ) : current === "address" ? (
          <AddressStep state={state} onSaved={() => go(2)} onBack={() => go(0)} />
        ) : (
          <DocumentsStep
            state={state}
            photos={photos}
            onBack={() => go(1)}
            onSubmitted={onSubmitted}
          />
        )}
      </section>
    </div>
  );
}
