import { randomUUID } from "node:crypto";
import {
  formatNano,
  isValidSquadName,
  SQUAD_BOARD_SIZE,
  SQUAD_COOLDOWN_MS,
  SQUAD_CREATE_MIN_LEVEL,
  SQUAD_PAGE_MEMBERS,
  type SquadAdminPatch,
  type SquadBoard,
  type SquadCreateBody,
  type SquadDetail,
  type SquadPreview,
} from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { type IsoWeek, isoWeekOf } from "../leagues/index.ts";
import { lockUser } from "../ledger/ledger.ts";
import {
  type AdminSquadRow,
  creatorOf,
  disbandSquad,
  endMembership,
  findSquad,
  insertMembership,
  insertSquad,
  listSquads,
  lockSquad,
  memberCount,
  nameTaken,
  readBoard,
  readMembers,
  renameSquad,
  type SquadRow,
  setHidden,
  squadMined,
  viewerFacts,
} from "./squads.repo.ts";
import { weekNamed } from "./squads.week.ts";

/** Squads (issue 38 point 3, decision 0072). */
export interface SquadsDeps {
  db: Db;
  clock: Clock;
}

type Executor = Db | Tx;

const iso = (value: Date | string) => new Date(value).toISOString();

/** The caller's standing: their squad, the end of their wait after leaving one, their level. */
async function viewerOf(db: Executor, userId: string, now: Date) {
  const facts = await viewerFacts(db, userId);
  if (!facts) throw new AppError("UNAUTHORIZED", 401);
  const waitEnds = facts.last_left_at
    ? new Date(new Date(facts.last_left_at).getTime() + SQUAD_COOLDOWN_MS)
    : null;
  return {
    facts,
    view: {
      squadId: facts.squad_id,
      cooldownUntil: waitEnds && waitEnds > now ? waitEnds.toISOString() : null,
      canCreate: facts.level >= SQUAD_CREATE_MIN_LEVEL,
    },
  };
}

const weekFields = (week: IsoWeek) => ({
  week: week.week,
  startsAt: week.startsAt.toISOString(),
  endsAt: week.endsAt.toISOString(),
});

/** One squad's page: this week's members, FRE and rank. */
async function detailOf(
  db: Executor,
  squad: SquadRow,
  userId: string,
  now: Date,
): Promise<SquadDetail> {
  const week = isoWeekOf(now);
  const range = { startsAt: week.startsAt, endsAt: week.endsAt };
  const hidden = squad.hidden_at !== null;
  const [{ view }, members, count, creator, line, mined] = await Promise.all([
    viewerOf(db, userId, now),
    readMembers(db, { squadId: squad.id, ...range, limit: SQUAD_PAGE_MEMBERS }),
    memberCount(db, squad.id),
    creatorOf(db, squad.creator_id),
    hidden ? Promise.resolve([]) : readBoard(db, { ...range, limit: 0, squadId: squad.id }),
    squadMined(db, squad.id, week.startsAt, week.endsAt),
  ]);
  return {
    ...weekFields(week),
    id: squad.id,
    name: squad.name,
    telegramUrl: squad.telegram_url,
    createdAt: iso(squad.created_at),
    hidden,
    rank: line[0]?.rank ?? null,
    mined: formatNano(mined),
    memberCount: count,
    creator: creator?.nickname ?? null,
    inviteCode: creator?.referral_code ?? null,
    members: members.map((m) => ({
      nickname: m.nickname,
      mined: formatNano(BigInt(m.mined)),
      creator: m.user_id === squad.creator_id,
      me: m.user_id === userId,
    })),
    viewer: view,
  };
}

/** `GET /api/squads/:id`: a hidden squad stays readable (its members still see it). */
export async function getSquad(deps: SquadsDeps, userId: string, id: string) {
  const squad = await findSquad(deps.db, id);
  if (!squad) throw new AppError("SQUAD_NOT_FOUND", 404);
  return detailOf(deps.db, squad, userId, deps.clock.now());
}

/**
 * `GET /api/squads/:id/preview`: the share link's public facts, for anyone (decision 0076).
 * A hidden squad answers 404 here: it is closed to newcomers and off the board.
 */
export async function previewSquad(deps: SquadsDeps, id: string): Promise<SquadPreview> {
  const squad = await findSquad(deps.db, id);
  if (!squad || squad.hidden_at !== null) throw new AppError("SQUAD_NOT_FOUND", 404);
  const week = isoWeekOf(deps.clock.now());
  const [count, creator, line, mined] = await Promise.all([
    memberCount(deps.db, squad.id),
    creatorOf(deps.db, squad.creator_id),
    readBoard(deps.db, { startsAt: week.startsAt, endsAt: week.endsAt, limit: 0, squadId: id }),
    squadMined(deps.db, squad.id, week.startsAt, week.endsAt),
  ]);
  return {
    ...weekFields(week),
    id: squad.id,
    name: squad.name,
    telegramUrl: squad.telegram_url,
    memberCount: count,
    mined: formatNano(mined),
    rank: line[0]?.rank ?? null,
    inviteCode: creator?.referral_code ?? null,
  };
}

/** `GET /api/squads/leaderboard`: the top 100 of the week and the caller's squad. */
export async function squadBoard(
  deps: SquadsDeps,
  userId: string,
  weekName: string | undefined,
): Promise<SquadBoard> {
  const now = deps.clock.now();
  const week = weekNamed(weekName, now);
  const { view } = await viewerOf(deps.db, userId, now);
  const lines = await readBoard(deps.db, {
    startsAt: week.startsAt,
    endsAt: week.endsAt,
    limit: SQUAD_BOARD_SIZE,
    squadId: view.squadId,
  });
  const line = (row: (typeof lines)[number]) => ({
    id: row.id,
    name: row.name,
    rank: row.rank,
    members: row.members,
    mined: formatNano(BigInt(row.mined)),
  });
  const mine = lines.find((row) => row.id === view.squadId);
  return {
    ...weekFields(week),
    squads: lines.filter((row) => row.rank <= SQUAD_BOARD_SIZE).map(line),
    mine: mine ? line(mine) : null,
    viewer: view,
  };
}

/**
 * The refusals before any membership: one squad at a time, and 24 h after leaving one before
 * another (coming back to the squad one left does not wait). Read with the user's row locked.
 */
async function assertMayJoin(tx: Tx, userId: string, squadId: string | null, now: Date) {
  const { facts, view } = await viewerOf(tx, userId, now);
  if (facts.squad_id) throw new AppError("ALREADY_IN_SQUAD", 409);
  if (view.cooldownUntil && facts.last_left_squad !== squadId) {
    const hours = Math.ceil((new Date(view.cooldownUntil).getTime() - now.getTime()) / 3_600_000);
    throw new AppError("SQUAD_COOLDOWN", 409, { hours });
  }
  return facts;
}

/** Runs a membership change with the user's row locked first; a lost race reads as `code`. */
async function membershipChange<T>(
  deps: SquadsDeps,
  userId: string,
  code: "ALREADY_IN_SQUAD" | "SQUAD_NAME_TAKEN",
  change: (tx: Tx, now: Date) => Promise<T>,
) {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await lockUser(tx, userId))) throw new AppError("UNAUTHORIZED", 401);
      return change(tx, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(code, 409);
    throw error;
  }
}

/** `POST /api/squads`: a level-2 user names a squad and becomes its first member. */
export function createSquad(deps: SquadsDeps, userId: string, body: SquadCreateBody) {
  const name = body.name.trim();
  if (!isValidSquadName(name)) throw new AppError("SQUAD_NAME_INVALID", 400);
  return membershipChange(deps, userId, "SQUAD_NAME_TAKEN", async (tx, now) => {
    const facts = await assertMayJoin(tx, userId, null, now);
    if (facts.level < SQUAD_CREATE_MIN_LEVEL) {
      throw new AppError("SQUAD_LEVEL_REQUIRED", 403, { level: SQUAD_CREATE_MIN_LEVEL });
    }
    if (await nameTaken(tx, name, null)) throw new AppError("SQUAD_NAME_TAKEN", 409);
    const id = randomUUID();
    // Two users taking one name at once: the second insert meets the unique index (a 409).
    await insertSquad(tx, {
      id,
      name,
      telegramUrl: body.telegramUrl ?? null,
      creatorId: userId,
      at: now,
    });
    await insertMembership(tx, { id: randomUUID(), squadId: id, userId, at: now });
    const squad = await findSquad(tx, id);
    if (!squad) throw new Error("the squad just made is gone");
    return detailOf(tx, squad, userId, now);
  });
}

/** `POST /api/squads/:id/join`: the squad's row is held (shared) against a disband meanwhile. */
export function joinSquad(deps: SquadsDeps, userId: string, id: string) {
  return membershipChange(deps, userId, "ALREADY_IN_SQUAD", async (tx, now) => {
    const squad = await lockSquad(tx, id, "share");
    if (!squad) throw new AppError("SQUAD_NOT_FOUND", 404);
    await assertMayJoin(tx, userId, id, now);
    if (squad.hidden_at !== null) throw new AppError("SQUAD_CLOSED", 409);
    await insertMembership(tx, { id: randomUUID(), squadId: id, userId, at: now });
    return detailOf(tx, squad, userId, now);
  });
}

/** `POST /api/squads/leave`: the membership ends now; another squad waits 24 h. */
export async function leaveSquad(deps: SquadsDeps, userId: string) {
  await membershipChange(deps, userId, "ALREADY_IN_SQUAD", async (tx, now) => {
    if (!(await endMembership(tx, userId, now))) throw new AppError("NOT_IN_SQUAD", 409);
  });
}

/**
 * An erased account leaves its squad in the erasure's transaction (its row stays for the books,
 * so no cascade ends the membership): the squad lists it no more and counts nothing it did after.
 * What it mined while a member this week stays in the squad's total, as a leaver's does.
 */
export async function leaveSquadOnErasure(tx: Tx, userId: string, now: Date) {
  await endMembership(tx, userId, now);
}

const adminView = (row: AdminSquadRow) => ({
  id: row.id,
  name: row.name,
  memberCount: row.members,
  creator: row.creator,
  createdAt: iso(row.created_at),
  hidden: row.hidden_at !== null,
  disbanded: row.disbanded_at !== null,
});

/** `GET /api/admin/squads`. */
export async function adminSquads(deps: SquadsDeps, prefix: string | undefined) {
  const rows = await listSquads(deps.db, { prefix: prefix || null, limit: SQUAD_BOARD_SIZE });
  return { squads: rows.map(adminView) };
}

async function adminRow(db: Executor, id: string) {
  const [row] = await listSquads(db, { prefix: null, id, limit: 1 });
  if (!row) throw new AppError("SQUAD_NOT_FOUND", 404);
  return adminView(row);
}

/** `PATCH /api/admin/squads/:id`: a rename and a hide/show, each its own audit line. */
export async function patchSquad(
  deps: SquadsDeps,
  actor: AuditActor,
  id: string,
  patch: SquadAdminPatch,
) {
  const name = patch.name?.trim();
  if (name !== undefined && !isValidSquadName(name)) {
    throw new AppError("SQUAD_NAME_INVALID", 400);
  }
  const now = deps.clock.now();
  const audit = (
    tx: Tx,
    action: "squad.rename" | "squad.hide" | "squad.show",
    before: object,
    after: object,
  ) =>
    recordAudit(tx, {
      actorId: actor.userId,
      action,
      targetType: "squad",
      targetId: id,
      before: { ...before },
      after: { ...after },
      ip: actor.ip,
      at: now,
    });
  try {
    await deps.db.transaction(async (tx) => {
      const squad = await lockSquad(tx, id, "update");
      if (!squad) throw new AppError("SQUAD_NOT_FOUND", 404);
      if (name !== undefined && name !== squad.name) {
        if (await nameTaken(tx, name, id)) throw new AppError("SQUAD_NAME_TAKEN", 409);
        await renameSquad(tx, id, name);
        await audit(tx, "squad.rename", { name: squad.name }, { name });
      }
      const hidden = squad.hidden_at !== null;
      if (patch.hidden !== undefined && patch.hidden !== hidden) {
        await setHidden(tx, id, patch.hidden ? now : null);
        await audit(
          tx,
          patch.hidden ? "squad.hide" : "squad.show",
          { name: squad.name, hidden },
          {
            hidden: patch.hidden,
          },
        );
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("SQUAD_NAME_TAKEN", 409);
    throw error;
  }
  return adminRow(deps.db, id);
}

/** `POST /api/admin/squads/:id/disband`: every membership ends (no wait for its members). */
export async function disband(deps: SquadsDeps, actor: AuditActor, id: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const squad = await lockSquad(tx, id, "update");
    if (!squad) throw new AppError("SQUAD_NOT_FOUND", 404);
    const members = await memberCount(tx, id);
    await disbandSquad(tx, id, now);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "squad.disband",
      targetType: "squad",
      targetId: id,
      before: { name: squad.name, members },
      after: { disbanded: true },
      ip: actor.ip,
      at: now,
    });
  });
}
