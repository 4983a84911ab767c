import type { Contest } from "@fre/shared";
import { api } from "../../../lib/api-client";

export type ContestLevel = Contest["levels"][number];
export type { Contest };

export const contestKeys = { contest: ["contest"] as const };

export const getContest = (signal?: AbortSignal) => api.get<Contest>("/api/contest", signal);
export const openContestTask = (level: number) =>
  api.post<Contest>(`/api/contest/levels/${level}/open`);
export const validateContestLevel = (level: number) =>
  api.post<Contest>(`/api/contest/levels/${level}/validate`);
export const saveContestLinks = (links: { level: number; url: string }[]) =>
  api.put<void>("/api/admin/contest/links", { links });
