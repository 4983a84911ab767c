import type { InformationMessage } from "@fre/shared";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { PageLoader } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { formatDateTime } from "../../../lib/format";
import {
  useAdminInformation,
  useCreateInformation,
  useDeleteInformation,
  useUpdateInformation,
} from "../hooks";
import { sortNewestFirst } from "../message-state";
import { sectionClasses, textareaClasses } from "./admin-global-message-form";

/** Creates a message, or edits `editing` when given. */
function InformationForm({
  editing,
  onDone,
}: {
  editing: InformationMessage | null;
  onDone: (notice: "created" | "updated" | null) => void;
}) {
  const { t } = useTranslation("messages");
  const create = useCreateInformation();
  const update = useUpdateInformation();
  const mutation = editing ? update : create;
  const [title, setTitle] = useState(editing?.title ?? "");
  const [content, setContent] = useState(editing?.content ?? "");
  const contentId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { title: title.trim(), content: content.trim() };
    if (editing) {
      update.mutate({ id: editing.id, body }, { onSuccess: () => onDone("updated") });
    } else {
      create.mutate(body, {
        onSuccess: () => {
          setTitle("");
          setContent("");
          onDone("created");
        },
      });
    }
  };

  return (
    <form data-testid="admin-information-form" onSubmit={submit} className="grid gap-4">
      <h3 className="font-semibold text-white">
        {t(editing ? "admin.information.editTitle" : "admin.information.newTitle")}
      </h3>
      <TextField
        label={t("admin.information.fields.title")}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={120}
        required
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={contentId} className="text-sm font-medium text-slate-200">
          {t("admin.information.fields.content")}
        </label>
        <textarea
          id={contentId}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          maxLength={8000}
          required
          className={textareaClasses}
        />
      </div>
      {mutation.isError ? <Alert tone="error">{mutation.error.message}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={mutation.isPending}>
          {t(editing ? "admin.information.save" : "admin.information.create")}
        </Button>
        {editing ? (
          <Button variant="secondary" onClick={() => onDone(null)}>
            {t("admin.information.cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Information messages: create, then edit or delete the published ones. */
export function AdminInformation() {
  const { t, i18n } = useTranslation("messages");
  const language = i18n.resolvedLanguage ?? "fr";
  const list = useAdminInformation();
  const remove = useDeleteInformation();
  const [editing, setEditing] = useState<InformationMessage | null>(null);
  const [deleting, setDeleting] = useState<InformationMessage | null>(null);
  const [notice, setNotice] = useState<"created" | "updated" | "deleted" | null>(null);
  const headingId = useId();
  const items = sortNewestFirst(list.data?.items ?? []);

  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <div>
        <h2 id={headingId} className="text-lg font-bold text-white">
          {t("admin.information.title")}
        </h2>
        <p className="text-sm text-muted">{t("admin.information.intro")}</p>
      </div>
      <InformationForm
        key={editing?.id ?? "new"}
        editing={editing}
        onDone={(done) => {
          setEditing(null);
          setNotice(done);
        }}
      />
      {notice ? <Alert tone="success">{t(`admin.information.${notice}`)}</Alert> : null}
      {remove.isError ? <Alert tone="error">{remove.error.message}</Alert> : null}

      <h3 className="font-semibold text-white">{t("admin.information.list")}</h3>
      {list.isError ? (
        <Alert tone="error">{t("admin.loadFailed")}</Alert>
      ) : !list.data ? (
        <PageLoader />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t("admin.information.empty")}</p>
      ) : (
        <ul data-testid="admin-information-list" className="grid gap-2">
          {items.map((item) => (
            <li
              key={item.id}
              data-id={item.id}
              className="grid gap-2 rounded-xl border border-night-700 bg-night-850 p-3"
            >
              <div>
                <p className="font-semibold text-white">{item.title}</p>
                <p className="text-xs text-muted">
                  {t("admin.information.publishedOn", {
                    date: formatDateTime(item.createdAt, language),
                  })}
                </p>
                <p className="mt-1 line-clamp-3 whitespace-pre-line text-sm text-slate-300">
                  {item.content}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t("admin.information.editLabel", { title: item.title })}
                  onClick={() => {
                    setNotice(null);
                    setEditing(item);
                  }}
                >
                  {t("admin.information.edit")}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={t("admin.information.deleteLabel", { title: item.title })}
                  onClick={() => {
                    setNotice(null);
                    setDeleting(item);
                  }}
                >
                  {t("admin.information.delete")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t("admin.information.deleteConfirm.title")}
        confirmLabel={t("admin.information.deleteConfirm.confirm")}
        cancelLabel={t("admin.information.deleteConfirm.cancel")}
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const target = deleting;
          remove.mutate(target.id, {
            onSuccess: () => {
              if (editing?.id === target.id) setEditing(null);
              setDeleting(null);
              setNotice("deleted");
            },
            onError: () => setDeleting(null),
          });
        }}
      >
        {t("admin.information.deleteConfirm.text", { title: deleting?.title ?? "" })}
      </ConfirmDialog>
    </section>
  );
}
