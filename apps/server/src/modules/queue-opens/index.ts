export type { QueueKind } from "./queue-opens.repo.ts";
export { openedByOthers, type QueueOpensDeps, recordOpen } from "./queue-opens.service.ts";
