// The /tasks page and the admin screen load lazily (app/router.tsx, admin-sections.ts): nothing
// of this feature is imported eagerly.
export const TASKS_PATH = "/tasks";
