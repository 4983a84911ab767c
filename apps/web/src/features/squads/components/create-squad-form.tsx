import { SQUAD_CREATE_MIN_LEVEL } from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { useCreateSquad } from "../api/use-squads";
import { card } from "./squad-card-styles";
import { SquadError } from "./squad-error";

/** A name (the nickname rules, checked by the server) and an optional t.me link. */
export function CreateSquadForm({ canCreate }: { canCreate: boolean }) {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  const create = useCreateSquad();
  const [name, setName] = useState("");
  const [telegramUrl, setTelegramUrl] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === "") return;
    const link = telegramUrl.trim();
    create.mutate({ name: trimmed, ...(link ? { telegramUrl: link } : {}) });
  };
  return (
    <section className={card} aria-labelledby="squad-create-title">
      <h2 id="squad-create-title" className="text-lg font-semibold text-white">
        {t("create.title")}
      </h2>
      {canCreate ? null : (
        <p className="text-sm text-amber-200">
          {t("create.levelRequired", { level: SQUAD_CREATE_MIN_LEVEL })}
        </p>
      )}
      <form onSubmit={submit} noValidate className="grid gap-3">
        <TextField
          name="squadName"
          label={t("create.name")}
          hint={t("create.nameHint")}
          autoComplete="off"
          maxLength={20}
          value={name}
          disabled={!canCreate}
          data-testid="squad-create-name"
          onChange={(event) => {
            setName(event.target.value);
            create.reset();
          }}
        />
        <TextField
          name="squadTelegram"
          type="url"
          inputMode="url"
          label={t("create.telegram")}
          hint={t("create.telegramHint")}
          autoComplete="off"
          maxLength={200}
          value={telegramUrl}
          disabled={!canCreate}
          onChange={(event) => {
            setTelegramUrl(event.target.value);
            create.reset();
          }}
        />
        <SquadError error={create.error} />
        <Button
          type="submit"
          data-testid="squad-create-submit"
          disabled={!canCreate || create.isPending || name.trim() === ""}
        >
          {t("create.submit")}
        </Button>
      </form>
    </section>
  );
}
