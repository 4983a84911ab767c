import {
  COMMUNITY_LINK_IDS,
  type CommunityLinkId,
  type CommunityLinks,
  communityLinkSchema,
} from "@fre/shared";
import { type FormEvent, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { QueryState } from "../../../components/ui/query-state";
import { PageLoader } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { type FieldErrors, useFormMutation } from "../../../lib/use-form-mutation";
import { useLegalInfo } from "../hooks/use-legal-info";
import { useSaveCommunityLinks } from "../hooks/use-save-community-links";

function CommunityLinksForm({ saved }: { saved: CommunityLinks }) {
  const { t } = useTranslation("legal");
  const save = useFormMutation(useSaveCommunityLinks(), {
    fields: COMMUNITY_LINK_IDS,
    fallback: t("admin.failed"),
  });
  const [links, setLinks] = useState<CommunityLinks>(saved);

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors: FieldErrors<CommunityLinkId> = {};
    for (const id of COMMUNITY_LINK_IDS) {
      if (!communityLinkSchema.safeParse(links[id]).success) errors[id] = t("admin.invalid");
    }
    if (Object.keys(errors).length > 0) {
      save.fail({ fields: errors });
      return;
    }
    save.submit(links, { onSuccess: (stored) => setLinks(stored) });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" data-testid="community-links-form">
      {save.done ? <Alert tone="success">{t("admin.saved")}</Alert> : null}
      {save.error ? <Alert tone="error">{save.error}</Alert> : null}
      {COMMUNITY_LINK_IDS.map((id) => (
        <TextField
          key={id}
          label={t(`admin.fields.${id}`)}
          name={`community-${id}`}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={links[id]}
          error={save.fieldErrors[id]}
          onChange={(event) => {
            const value = event.target.value;
            setLinks((current) => ({ ...current, [id]: value }));
            save.clearField(id);
            if (save.done) save.reset();
          }}
        />
      ))}
      <Button type="submit" disabled={save.pending} className="sm:w-fit">
        {save.pending ? t("admin.saving") : t("admin.save")}
      </Button>
    </form>
  );
}

function CommunityLinksSection() {
  const { t } = useTranslation("legal");
  const info = useLegalInfo();
  return (
    <section
      aria-labelledby="community-links-title"
      className="grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-5"
    >
      <div className="grid gap-1">
        <h2 id="community-links-title" className="text-lg font-semibold text-white">
          {t("admin.title")}
        </h2>
        <p className="text-sm text-muted">{t("admin.intro")}</p>
      </div>
      <QueryState query={info} retry="inline">
        {(data) => <CommunityLinksForm saved={data.community} />}
      </QueryState>
    </section>
  );
}

/** The admin's card for the footer's community links (its texts come with the legal catalog). */
export function CommunityLinksCard() {
  return (
    <Suspense fallback={<PageLoader />}>
      <CommunityLinksSection />
    </Suspense>
  );
}
