import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const telegramKeys = {
  all: ["telegram"] as const,
  config: () => [...telegramKeys.all, "config"] as const,
};

/** Whether Telegram sign-in is on (the button is hidden when it is not). */
export const telegramConfigQuery = queryOptions({
  queryKey: telegramKeys.config(),
  queryFn: ({ signal }) => api.call("GET /api/auth/telegram", undefined, signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export const signInWithTelegram = (initData: string, create = false) =>
  api.call("POST /api/auth/telegram", { body: create ? { initData, create } : { initData } });

export const linkTelegram = (initData: string, password: string) =>
  api.call("POST /api/auth/telegram/link", { body: { initData, password } });

export const addTelegramEmail = (email: string, password: string) =>
  api.call("POST /api/auth/telegram/email", { body: { email, password } });
