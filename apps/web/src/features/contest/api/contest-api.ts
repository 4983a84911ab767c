import type { CallInput, CallOutput, Contracts } from "@fre/shared";
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type Contest = CallOutput<Contracts["GET /api/contest"]>;
export type ContestLevel = Contest["levels"][number];
export type ContestLinks = CallInput<Contracts["PUT /api/admin/contest/links"]>["body"]["links"];

/** The contest's query keys: the caller's contest is the one query (the admin's links too). */
export const contestKeys = {
  all: ["contest"] as const,
};

export const contestQueryOptions = () =>
  queryOptions({
    queryKey: contestKeys.all,
    queryFn: ({ signal }) => api.call("GET /api/contest", undefined, signal),
  });

export const openContestTaskMutation = () =>
  mutationOptions({
    mutationFn: (level: number) =>
      api.call("POST /api/contest/levels/:level/open", { params: { level } }),
  });

export const validateContestLevelMutation = () =>
  mutationOptions({
    mutationFn: (level: number) =>
      api.call("POST /api/contest/levels/:level/validate", { params: { level } }),
  });

export const saveContestLinksMutation = () =>
  mutationOptions({
    mutationFn: (links: ContestLinks) =>
      api.call("PUT /api/admin/contest/links", { body: { links } }),
  });
