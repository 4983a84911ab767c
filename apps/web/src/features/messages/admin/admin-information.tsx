import { type InformationMessage, informationBodySchema } from "@fre/shared";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { QueryState } from "../../../components/ui/query-state";
import { TextAreaField } from "../../../components/ui/text-area-field";
import { TextField } from "../../../components/ui/text-field";
import { formatDateTime } from "../../../lib/format";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { useLanguage } from "../../../lib/use-language";
import { useFormActivity } from "../components/form-activity";
import {
  useAdminInformation,
  useCreateInformation,
  useDeleteInformation,
  useUpdateInformation,
} from "../hooks";
import { sortNewestFirst } from "../message-state";
import { sectionClasses } from "./admin-global-message-form";

const { title: titleRule, content: contentRule } = informationBodySchema.shape;

/** Creates a message, or edits `editing` when given. */
function InformationForm({
  editing,
  onDone,
  onEdit,
}: {
  editing: InformationMessage | null;
  onDone: (notice: "created" | "updated" | null) => void;
  /** A field changed or the form was sent: earlier notes no longer apply. */
  onEdit: () => void;
}) {
  const { t } = useTranslation("messages");
  const { t: tc } = useTranslation();
  const fallback = tc("errors.generic");
  const create = useFormMutation(useCreateInformation(), { fallback });
  const update = useFormMutation(useUpdateInformation(), { fallback });
  const mutation = editing ? update : create;
  const [title, setTitle] = useState(editing?.title ?? "");
  const [content, setContent] = useState(editing?.content ?? "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onEdit();
    const body = { title: title.trim(), content: content.trim() };
    if (editing) {
      update.submit({ id: editing.id, body }, { onSuccess: () => onDone("updated") });
    } else {
      create.submit(body, {
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
        onChange={(event) => {
          setTitle(event.target.value);
          onEdit();
        }}
        maxLength={titleRule.maxLength ?? undefined}
        required
      />
      <TextAreaField
        label={t("admin.information.fields.content")}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          onEdit();
        }}
        maxLength={contentRule.maxLength ?? undefined}
        required
      />
      {mutation.error ? <Alert tone="error">{mutation.error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={mutation.pending}>
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
  const { t } = useTranslation("messages");
  const { language } = useLanguage();
  const list = useAdminInformation();
  const remove = useDeleteInformation();
  const [editing, setEditing] = useState<InformationMessage | null>(null);
  const [deleting, setDeleting] = useState<InformationMessage | null>(null);
  const [notice, setNotice] = useState<"created" | "updated" | "deleted" | null>(null);
  const headingId = useId();
  const activity = useFormActivity("information");
  const edited = () => {
    activity.touch();
    setNotice(null);
  };

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
        onEdit={edited}
      />
      {notice && activity.isCurrent ? (
        <Alert tone="success">{t(`admin.information.${notice}`)}</Alert>
      ) : null}
      {remove.isError ? <Alert tone="error">{remove.error.message}</Alert> : null}

      <h3 className="font-semibold text-white">{t("admin.information.list")}</h3>
      <QueryState
        query={list}
        error={t("admin.loadFailed")}
        retry="none"
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-sm text-muted">{t("admin.information.empty")}</p>}
      >
        {(data) => (
          <ul data-testid="admin-information-list" className="grid gap-2">
            {sortNewestFirst(data.items).map((item) => (
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
                      edited();
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
                      edited();
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
      </QueryState>

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
