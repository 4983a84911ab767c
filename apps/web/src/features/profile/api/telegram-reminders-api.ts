import type { CallInput, Contracts, TelegramReminderSettings } from "@fre/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type TelegramRemindersInput = CallInput<Contracts["PUT /api/telegram/reminders"]>["body"];

export const telegramRemindersKeys = {
  all: ["telegram-reminders"] as const,
};

/** `GET /api/telegram/reminders`: linked to Telegram, bot blocked, and each type's switch. */
export function useTelegramReminders() {
  return useQuery({
    queryKey: telegramRemindersKeys.all,
    queryFn: ({ signal }) => api.call("GET /api/telegram/reminders", {}, signal),
  });
}

/** Saves one switch; the answer (the whole settings) replaces the cached ones. */
export function useUpdateTelegramReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TelegramRemindersInput) => api.call("PUT /api/telegram/reminders", { body }),
    onSuccess: (settings: TelegramReminderSettings) =>
      queryClient.setQueryData(telegramRemindersKeys.all, settings),
  });
}
