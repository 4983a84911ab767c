import { uuidParamsSchema } from "../schemas/common.ts";
import {
  adminTaskBodySchema,
  adminTaskListSchema,
  adminTaskSchema,
  adminTaskUpdateSchema,
  taskListSchema,
  taskStartResultSchema,
  taskVerifyResultSchema,
} from "../schemas/tasks.ts";
import { defineContracts, route } from "./contract.ts";

/** The tasks module's routes (apps/server/src/modules/tasks, issue 38 point 1). */
export const tasksContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/tasks",
    access: "user",
    tag: "tasks",
    summary: "The tasks hub: each task with its status and reward",
    response: taskListSchema,
    errors: [401],
  }),
  route({
    method: "POST",
    path: "/api/tasks/:id/start",
    access: "user",
    tag: "tasks",
    summary: "Start a task (the visit's clock starts)",
    params: uuidParamsSchema,
    response: taskStartResultSchema,
    errors: [400, 401, 404, 409, 429],
  }),
  route({
    method: "POST",
    path: "/api/tasks/:id/verify",
    access: "user",
    tag: "tasks",
    summary: "Verify a task: its reward once, or 409 TASK_NOT_DONE with the reason",
    params: uuidParamsSchema,
    response: taskVerifyResultSchema,
    errors: [400, 401, 404, 409, 429],
  }),
  route({
    method: "GET",
    path: "/api/admin/tasks",
    access: "admin",
    tag: "admin",
    response: adminTaskListSchema,
    errors: [401, 403],
  }),
  route({
    method: "POST",
    path: "/api/admin/tasks",
    access: "admin",
    tag: "admin",
    body: adminTaskBodySchema,
    status: 201,
    response: adminTaskSchema,
    errors: [400, 401, 403],
  }),
  route({
    method: "PATCH",
    path: "/api/admin/tasks/:id",
    access: "admin",
    tag: "admin",
    params: uuidParamsSchema,
    body: adminTaskUpdateSchema,
    response: adminTaskSchema,
    errors: [400, 401, 403, 404],
  }),
]);
