import { useTranslation } from "react-i18next";
import { STORAGE_INVENTORY } from "../storage-inventory";

/** The cookie policy's list: each cookie or storage entry, what it does and how long it stays. */
export function StorageList() {
  const { t } = useTranslation("legal");
  const { t: tc } = useTranslation();
  return (
    <section aria-labelledby="legal-storage" className="grid gap-3">
      <h3 id="legal-storage" className="text-base font-semibold text-white">
        {t("storage.title")}
      </h3>
      <ul className="grid gap-3" data-testid="legal-storage-list">
        {STORAGE_INVENTORY.map((entry) => (
          <li
            key={entry.id}
            className="grid gap-2 rounded-2xl border border-night-700 bg-night-850 p-4 text-sm"
          >
            <p className="flex flex-wrap gap-1.5">
              {entry.names.map((name) => (
                <code
                  key={name}
                  className="break-all rounded-md bg-night-800 px-1.5 py-0.5 font-mono text-[0.8rem] text-amber-100"
                >
                  {name}
                </code>
              ))}
            </p>
            <dl className="grid gap-1.5">
              <div className="grid gap-0.5">
                <dt className="text-muted">{t("storage.purpose")}</dt>
                <dd className="text-slate-100">{t(`storage.items.${entry.id}.purpose`)}</dd>
              </div>
              <div className="flex flex-wrap gap-x-5 gap-y-1.5">
                <div>
                  <dt className="text-muted">{t("storage.type")}</dt>
                  <dd className="text-slate-100">{t(`storage.types.${entry.kind}`)}</dd>
                </div>
                <div>
                  <dt className="text-muted">{t("storage.duration")}</dt>
                  <dd className="text-slate-100">{t(`storage.items.${entry.id}.duration`)}</dd>
                </div>
                <div>
                  <dt className="text-muted">{t("storage.category")}</dt>
                  <dd className="text-slate-100">
                    {tc(`cookies.categories.${entry.category}.label`)}
                  </dd>
                </div>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
