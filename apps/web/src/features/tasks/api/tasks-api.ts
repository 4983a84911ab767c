import type { AdminTaskBody, AdminTaskUpdate } from "@fre/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The tasks hub's query keys (issue 38, decision 0073). */
export const tasksKeys = {
  all: ["tasks"] as const,
  mine: () => [...tasksKeys.all, "mine"] as const,
  admin: () => [...tasksKeys.all, "admin"] as const,
};

export const tasksQueryOptions = () =>
  queryOptions({
    queryKey: tasksKeys.mine(),
    queryFn: ({ signal }) => api.call("GET /api/tasks", undefined, signal),
  });

export const adminTasksQueryOptions = () =>
  queryOptions({
    queryKey: tasksKeys.admin(),
    queryFn: ({ signal }) => api.call("GET /api/admin/tasks", undefined, signal),
  });

export const startTask = (id: string) => api.call("POST /api/tasks/:id/start", { params: { id } });
export const verifyTask = (id: string) =>
  api.call("POST /api/tasks/:id/verify", { params: { id } });
export const createTask = (body: AdminTaskBody) => api.call("POST /api/admin/tasks", { body });
export const updateTask = ({ id, body }: { id: string; body: AdminTaskUpdate }) =>
  api.call("PATCH /api/admin/tasks/:id", { params: { id }, body });
