/**
 * The composition root: every dependency of the server is built here, once, from the config and
 * what the caller injects (tests inject a clock, a mailer, a chain). Nothing else constructs a
 * service; routes and jobs receive what they need from the object returned here.
 */

import type { Agent } from "node:https";
import type { FastifyBaseLogger } from "fastify";
import { SIMULATED_SHOP_ADDRESS, simulatedChain } from "./adapters/chain/simulated-chain.ts";
import { timedChain } from "./adapters/chain/timed-chain.ts";
import { toncenterChain } from "./adapters/chain/toncenter-chain.ts";
import { toncenterPayouts } from "./adapters/chain/toncenter-payouts.ts";
import { fileStoreFromUrl } from "./adapters/file-store/file-store-from-url.ts";
import { smtpMailer } from "./adapters/smtp/smtp-mailer.ts";
import { createTelegramBot, type TelegramBot } from "./adapters/telegram-bot/telegram-bot.ts";
import { coingeckoPrice } from "./adapters/ton-price/coingecko-price.ts";
import { loadVapidKeys } from "./adapters/web-push/vapid-keys.ts";
import { webPushTransport } from "./adapters/web-push/web-push-transport.ts";
import { type Config, isLoopbackUrl } from "./config.ts";
import type { Database } from "./db/client.ts";
import { transactionGroups } from "./db/transaction-group.ts";
import { domainEffects } from "./domain-effects.ts";
import { viewerResolver } from "./http/viewer.ts";
import type { AdminCodeNotice } from "./lib/admin-code-notice.ts";
import { getOrCreateSetting, newSecret } from "./lib/app-settings.repo.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { lazyDataCipher } from "./lib/data-encryption.ts";
import { createEventBus } from "./lib/event-bus.ts";
import { type Job, oneProcessAtATime } from "./lib/jobs.ts";
import type { DomainMetrics } from "./lib/metrics.ts";
import { outboxGauges } from "./lib/outbox-gauges.ts";
import { poolGauges } from "./lib/pool-gauges.ts";
import { ensureSecuritySettings } from "./modules/admin/admin.service.ts";
import type { AdsDeps } from "./modules/ads/index.ts";
import { sweepExpiredAuthRows } from "./modules/auth/auth.service.ts";
import { createAuth } from "./modules/auth/auth.ts";
import { secretGrace } from "./modules/auth/secret-grace.ts";
import { findLiveSession, liveSessionIds } from "./modules/auth/sessions.repo.ts";
import { createChallengeService } from "./modules/challenge/index.ts";
import { sendDailyReminders } from "./modules/daily/index.ts";
import { createFeatureStore } from "./modules/features/index.ts";
import { gamesMemory } from "./modules/games/games-memory.ts";
import { sweepSlotNotices } from "./modules/games/games-notices.ts";
import { type HealthDeps, healthMonitorJob } from "./modules/health/health.service.ts";
import type { KycDeps } from "./modules/kyc/kyc.service.ts";
import { leaderboardService } from "./modules/leaderboard/leaderboard.service.ts";
import { type LeaguesDeps, leagueSettingsCache, runLeagueJob } from "./modules/leagues/index.ts";
import {
  ledgerGauges,
  runNightlyLedgerVerification,
} from "./modules/ledger/ledger-verification.ts";
import { type LegalDeps, operatorDetails } from "./modules/legal/legal.service.ts";
import { type Mailer, outboxMailer } from "./modules/mail/mail.transport.ts";
import type { MessagesDeps } from "./modules/messages/messages.service.ts";
import { type MiningDeps, refreshSessionRate } from "./modules/mining/mining.service.ts";
import { liveStreams } from "./modules/notifications/live-streams.ts";
import {
  sweepExpiringBoosts,
  sweepSessionEndings,
} from "./modules/notifications/notifications.service.ts";
import { pushSender } from "./modules/push/push.service.ts";
import {
  pruneOldReminders,
  type RemindersDeps,
  reminderSender,
  scheduleFromNotice,
  sweepStreakWarnings,
} from "./modules/reminders/index.ts";
import { type RiskDeps, riskRunLock, runNightlyScoring } from "./modules/risk/index.ts";
import { accountSignals, sweepOldSignals } from "./modules/risk/signals.ts";
import type { ShopDeps } from "./modules/shop/shop.service.ts";
import { pollShopPayments } from "./modules/shop/shop-payments.ts";
import { statsService } from "./modules/stats/stats.service.ts";
import {
  type ChannelMembership,
  releaseWithheldTaskRewards,
  type TasksDeps,
} from "./modules/tasks/index.ts";
import { formatFriendlyAddress, toRawAddress } from "./modules/ton/address.ts";
import type { Chain } from "./modules/ton/chain.ts";
import { tonPriceService } from "./modules/ton/ton-price.service.ts";
import { tonPriceGauges } from "./modules/ton/ton-price-gauges.ts";
import type { TonWalletDeps } from "./modules/ton/ton-wallet.service.ts";
import { withdrawalGauges } from "./modules/withdrawals/withdrawal-gauges.ts";
import { processPayouts } from "./modules/withdrawals/withdrawal-payouts.ts";
import {
  hasOpenWithdrawal,
  type WithdrawalDeps,
} from "./modules/withdrawals/withdrawals.service.ts";

/** What a caller may inject instead of the configured implementation. */
export interface InjectedDeps {
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  chain?: Chain;
  /** HTTPS agent for Web Push requests (tests trust their local push service). */
  pushAgent?: Agent;
  /** Shows a generated default admin access code to whoever starts the server (never the log). */
  adminCodeNotice?: AdminCodeNotice;
}

/**
 * The domains a ton_proof may be signed for: PUBLIC_URL's host as wallets write it (with a port
 * when it has one); on a loopback URL both loopback spellings, as the browser may use either.
 */
export function proofDomains(publicUrl: string) {
  const url = new URL(publicUrl);
  const port = url.port ? `:${url.port}` : "";
  const loopback = ["localhost", "127.0.0.1"];
  return loopback.includes(url.hostname) ? loopback.map((host) => `${host}${port}`) : [url.host];
}

/** The live-events signal that makes every process drop its cached sessions. */
const SESSIONS_REVOKED = "sessions-revoked";
/** The signal that makes every process drop its cached bet limits. */
const GAME_LIMITS_CHANGED = "game-limits-changed";

export async function buildDependencies(
  config: Config,
  injected: InjectedDeps,
  context: { log: FastifyBaseLogger; probeApi: () => Promise<number>; metrics: DomainMetrics },
) {
  const { log } = context;
  const { database } = injected;
  const { db } = database;
  const clock = injected.clock ?? systemClock;
  const mailer =
    injected.mailer ??
    (config.MAIL_TRANSPORT === "smtp" && config.SMTP_URL
      ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : outboxMailer(db));
  const network = config.TON_NETWORK === "mainnet" ? "-239" : "-3";
  const shopAddress = toRawAddress(config.SHOP_RECEIVE_ADDRESS ?? SIMULATED_SHOP_ADDRESS);
  const simulated = config.TON_API_URL === "simulated";
  // The simulated chain keeps its accounts and transfers in the database (a restart forgets
  // nothing); only the dev routes and the dev wallet move TON on it.
  const simulation = simulated ? simulatedChain({ db, clock, shopAddress }) : null;
  // Every call the modules make to the chain is timed here, whichever driver answers.
  const driver =
    injected.chain ??
    simulation ??
    toncenterChain(config.TON_API_URL, fetch, {
      shopAddress,
      apiKey: config.TON_API_KEY,
      // Withdrawals enabled on a real chain: config.ts made sure both are set.
      payouts:
        config.WITHDRAWALS_ENABLED && config.TON_HOT_WALLET_MNEMONIC && config.FRE_JETTON_MASTER
          ? toncenterPayouts({
              baseUrl: config.TON_API_URL,
              apiKey: config.TON_API_KEY,
              mnemonic: config.TON_HOT_WALLET_MNEMONIC,
              walletKind: config.TON_HOT_WALLET_KIND,
              jettonMaster: config.FRE_JETTON_MASTER,
              clock,
            })
          : undefined,
    });
  const chain = timedChain(driver, context.metrics.chainCall);
  const secret = config.AUTH_SECRET ?? (await getOrCreateSetting(db, "auth_secret", newSecret));
  await ensureSecuritySettings(db, config.ADMIN_DEFAULT_ACCESS_CODE, log, injected.adminCodeNotice);

  const bus = createEventBus({
    relay: database,
    onError: (error) => log.warn({ err: error }, "live event relay failed"),
  });
  await bus.start();
  const viewer = viewerResolver({
    clock,
    secret,
    findSession: (token, now) => findLiveSession(db, token, now),
  });
  // This process's live-event streams, each alive only as long as its session.
  const streams = liveStreams({
    liveSessions: (ids) => liveSessionIds(db, ids, clock.now()),
    onError: (error) => log.warn({ err: error }, "live streams' sessions could not be checked"),
  });
  // A revocation in one process empties every process's session cache and ends, on every
  // process, the streams of the sessions it revoked.
  bus.onProcessSignal(SESSIONS_REVOKED, () => {
    viewer.forgetAll();
    void streams.recheck();
  });
  // The feature switches and maintenance mode, in memory; a write anywhere reaches every process.
  const features = createFeatureStore({
    db,
    bus,
    onError: (error) => log.warn({ err: error }, "feature switches could not be read"),
  });

  const vapid = await loadVapidKeys(db);
  const push = pushSender({
    db,
    transport: webPushTransport({
      vapid,
      subject: config.VAPID_SUBJECT,
      agent: injected.pushAgent,
      endpointAllow: config.PUSH_ENDPOINT_ALLOW,
    }),
    // The push service's status, or our refusal's code and host: never the endpoint's secret path.
    onError: (error) => {
      const e = error as { statusCode?: number; code?: string; host?: string };
      log.warn({ status: e.statusCode, code: e.code, host: e.host }, "push failed");
    },
  });
  const notificationDeps = { db, clock, bus, push };
  // The Telegram bot (TELEGRAM_BOT_TOKEN): its reminders (decision 0072) and the channel tasks.
  const telegramBot = config.TELEGRAM_BOT_TOKEN
    ? createTelegramBot({ apiUrl: config.TELEGRAM_API_URL, token: config.TELEGRAM_BOT_TOKEN })
    : null;
  const remindersDeps: RemindersDeps = {
    db,
    clock,
    bot: telegramBot,
    publicUrl: config.PUBLIC_URL,
    miniAppUrl: config.TELEGRAM_MINI_APP_URL,
    log,
  };
  const reminders = reminderSender(remindersDeps, {
    exclusive: (run) => database.exclusively("job:telegram-reminders", run),
  });
  /** Facts the modules announce, and who listens to them: mails, notifications and live events
   * go through the transactional outbox, delivered as soon as their transaction commits. */
  const effects = domainEffects({
    db,
    clock,
    signal: database,
    bus,
    mailer,
    publicUrl: config.PUBLIC_URL,
    notificationDeps,
    // A notice the bot also reminds of is scheduled when it is delivered, then sent at once.
    onNotification: async (notice) => {
      if (!(await scheduleFromNotice(remindersDeps, notice))) return;
      reminders.kick().catch((error) => log.error({ err: error }, "telegram reminders failed"));
    },
    log,
    rateChanged: (userId) => refreshSessionRate({ db, clock }, userId),
  });
  await effects.outbox.start();
  const { events } = effects;
  // Better Auth's verification and reset mails go through the outbox like every other mail.
  const auth = createAuth({
    db,
    events,
    clock,
    secret,
    publicUrl: config.PUBLIC_URL,
    log: (level, message) => log[level]({ source: "better-auth" }, message),
  });

  const healthDeps: HealthDeps = { db, chain, clock, probeApi: context.probeApi };
  const shopDeps: ShopDeps & { chain: Chain } = {
    db,
    clock,
    events,
    payTo: formatFriendlyAddress(shopAddress, { network, bounceable: false }),
    chain,
  };
  const tonDeps: TonWalletDeps = {
    db,
    clock,
    chain,
    allowedDomains: proofDomains(config.PUBLIC_URL),
    network,
    hasOpenWithdrawal,
  };
  const leaderboard = leaderboardService({ database, clock });
  const leaguesDeps: LeaguesDeps = { db, clock, events, settings: leagueSettingsCache() };
  // TON_PRICE_URL empty: no source, and the price answers "unavailable" (never a made-up one).
  const tonPrice = tonPriceService({
    db,
    clock,
    source: config.TON_PRICE_URL
      ? coingeckoPrice(config.TON_PRICE_URL, fetch, { apiKey: config.TON_PRICE_API_KEY })
      : null,
    cacheMs: 30_000,
  });
  const games = gamesMemory({ db, clock, events });
  // New bet limits reach every process at once, not after each one's 30 s cache.
  const limits = games.limits;
  bus.onProcessSignal(GAME_LIMITS_CHANGED, () => limits.forget());
  const gamesDeps = {
    db,
    clock,
    memory: {
      ...games,
      limits: {
        get: () => limits.get(),
        forget: () => {
          limits.forget();
          bus.signalProcesses(GAME_LIMITS_CHANGED);
        },
      },
    },
    playsPerMinute: config.GAME_PLAYS_PER_MINUTE,
  };
  const withdrawalDeps: WithdrawalDeps = {
    db,
    clock,
    events,
    chain,
    enabled: config.WITHDRAWALS_ENABLED,
    // The withdrawal id only: the error may quote an address.
    onPayoutError: (error, withdrawalId) =>
      log.error(
        { withdrawalId, error: error instanceof Error ? error.name : "unknown" },
        "withdrawal payout failed; retried after its lease",
      ),
  };

  // Bot-farm signals of sign-ups, sign-ins and KYC document numbers, as keyed hashes (0045).
  const signals = accountSignals({ db, clock, secret, log });

  // Proof of work before a sign-up and a first mining start (decision 0044).
  const challenge = createChallengeService({
    db,
    clock,
    enabled: config.PROOF_OF_WORK === "on",
    signUpsFrom: signals.signUpsFrom,
  });

  // The nightly risk score: one run at a time, the admin's "run now" included (decision 0045).
  // An admin's release pays the task rewards it held (decision 0073).
  const riskDeps: RiskDeps = {
    db,
    clock,
    runs: riskRunLock(database),
    releaseHeld: releaseWithheldTaskRewards,
  };
  // The tasks hub (issue 38): channel tasks ask the Bot API, when a bot is configured.
  const tasksDeps: TasksDeps = {
    db,
    clock,
    events,
    channels: telegramBot ? channelMembership(telegramBot, log) : null,
  };

  /** Periodic work of a running server (not started by tests that only inject). */
  const jobs: Job[] = [
    healthMonitorJob(healthDeps, config.HEALTH_INTERVAL_MS, log),
    {
      name: "session-end-sweep",
      everyMs: 15_000,
      run: () => sweepSessionEndings({ db, clock, events }),
    },
    {
      name: "boost-expiry-sweep",
      everyMs: 15_000,
      run: () => sweepExpiringBoosts({ db, clock, events }),
    },
    {
      name: "slot-available",
      everyMs: 60_000,
      // No "your free spin is waiting" while the games are switched off.
      run: async () => {
        if ((await features.current()).games) await sweepSlotNotices({ db, clock, events });
      },
    },
    // Chain-facing, one process at a time (decision 0036): one cursor and API quota, one wallet.
    oneProcessAtATime(
      { name: "shop-payments", everyMs: config.TON_POLL_MS, run: () => pollShopPayments(shopDeps) },
      database,
    ),
    {
      name: "retention-sweep",
      everyMs: 3_600_000,
      run: async () => {
        await sweepExpiredAuthRows(db, clock);
        await sweepOldSignals(db, clock);
        await pruneOldReminders(remindersDeps);
      },
    },
    oneProcessAtATime(
      {
        name: "withdrawal-payouts",
        everyMs: config.TON_POLL_MS,
        run: () => processPayouts(withdrawalDeps),
      },
      database,
    ),
    // One fetch per period whatever the number of processes (the service's quota); every
    // process reads the stored price.
    ...(tonPrice.enabled
      ? [
          oneProcessAtATime(
            { name: "ton-price", everyMs: config.TON_PRICE_REFRESH_MS, run: tonPrice.refresh },
            database,
          ),
        ]
      : []),
    // The streak's evening reminder: one process at a time; a day's reminder is marked in the
    // notice's transaction, so even two runs at once send it once.
    oneProcessAtATime(
      {
        name: "daily-reminders",
        everyMs: 15 * 60_000,
        run: () => sendDailyReminders({ db, clock, events }),
      },
      database,
    ),
    // The weekly leagues: past weeks settled (exactly once even without this lock: each group
    // under its own lock, each reward by its unique reference), then this week's new miners placed.
    oneProcessAtATime(
      { name: "league-week", everyMs: 60_000, run: () => runLeagueJob(leaguesDeps) },
      database,
    ),
    // The bot-farm risk score: each tick asks whether today's 03:00 UTC run is due.
    oneProcessAtATime(
      { name: "risk-score", everyMs: 15 * 60_000, run: () => runNightlyScoring(riskDeps) },
      database,
    ),
    // The nightly ledger verification (npm run ledger:verify's check), its verdict in /metrics.
    oneProcessAtATime(
      {
        name: "ledger-verification",
        everyMs: 15 * 60_000,
        run: () =>
          runNightlyLedgerVerification({
            db,
            clock,
            onMismatch: (count) => log.error({ mismatches: count }, "ledger verification failed"),
          }),
      },
      database,
    ),
    // Used challenges past their expiry, sign-up counts past a day.
    { name: "challenge-prune", everyMs: 10 * 60_000, run: () => challenge.prune() },
    // Retries, and effects whose commit signal no process heard (a restart).
    ...effects.outbox.jobs(10_000),
    // The bot's reminders: due ones (quiet hours over, retry_after passed), and the streak warning.
    // kick: one dispatch at a time in this process, and under the advisory lock across processes.
    { name: "telegram-reminders", everyMs: 5_000, run: () => reminders.kick() },
    oneProcessAtATime(
      {
        name: "telegram-streak-warnings",
        everyMs: 60_000,
        run: async () => {
          if ((await sweepStreakWarnings(remindersDeps)) > 0) await reminders.kick();
        },
      },
      database,
    ),
  ];

  // What the alerts watch (deploy/prometheus/alerts.yml), read at each scrape.
  context.metrics.gauges([
    ...withdrawalGauges(db, clock, chain),
    ...outboxGauges(db, clock),
    ...ledgerGauges(db),
    ...(tonPrice.enabled ? tonPriceGauges(db, clock) : []),
    ...poolGauges(database, config.DATABASE_POOL_MAX),
  ]);

  return {
    config,
    database,
    db,
    clock,
    mailer,
    chain,
    auth,
    bus,
    viewer,
    /** Accepts, during its grace period, a session signed with AUTH_SECRET_PREVIOUS (0054). */
    secretGrace: secretGrace({
      secret,
      previous: config.AUTH_SECRET_PREVIOUS,
      until: config.AUTH_SECRET_PREVIOUS_UNTIL,
      clock,
      secure: config.PUBLIC_URL.startsWith("https://"),
    }),
    onSessionsRevoked: () => bus.signalProcesses(SESSIONS_REVOKED),
    /** Open live-event streams of this process (GET /api/events). */
    streams,
    vapid,
    notificationDeps,
    events,
    /** The outbox of mails, notifications and live events (tests settle it before they look). */
    effects: effects.outbox,
    messagesDeps: { db, clock, events } satisfies MessagesDeps,
    challenge,
    signals,
    riskDeps,
    tasksDeps,
    /** The Telegram bot's reminders: the profile's switches, and the sender tests settle. */
    reminders: { deps: remindersDeps, sender: reminders },
    miningDeps: {
      db,
      clock,
      events,
      onSessionSettled: context.metrics.miningSession,
      groups: transactionGroups(db, { onGroup: context.metrics.transactionGroup }),
    } satisfies MiningDeps,
    /** The spec's histograms (the vitals route records the web's). */
    metrics: context.metrics,
    healthDeps,
    leaderboard,
    leaguesDeps,
    tonPrice,
    stats: statsService(db, clock),
    adminDeps: {
      db,
      clock,
      elevationMs: config.ADMIN_ELEVATION_MINUTES * 60_000,
      onCodeChanged: () => injected.adminCodeNotice?.forget(),
    },
    supportDeps: { db, clock, events },
    contestDeps: { db, clock, events },
    kycDeps: {
      db,
      clock,
      events,
      files: fileStoreFromUrl(config.FILES_URL),
      cipher: lazyDataCipher(config),
      documentNumbers: signals,
    } satisfies KycDeps,
    adsDeps: {
      db,
      clock,
      files: fileStoreFromUrl(config.FILES_URL),
      onFileError: (adId: string) => log.warn({ adId }, "ad image file not deleted"),
    } satisfies AdsDeps,
    shopDeps,
    gamesDeps,
    withdrawalDeps,
    tonDeps,
    featuresDeps: { db, clock, features },
    legalDeps: {
      db,
      clock,
      details: operatorDetails(config),
      publicSite: !isLoopbackUrl(config.PUBLIC_URL),
    } satisfies LegalDeps,
    simulatedChain: simulation,
    jobs,
    async close() {
      // Before the bus and the mailer: a delivery in flight finishes with them.
      await effects.outbox.stop();
      await bus.stop();
      streams.stop();
      await mailer.close();
    },
  };
}

export type Dependencies = Awaited<ReturnType<typeof buildDependencies>>;

/**
 * The tasks' port on the Bot API: getChatMember says member or not; a refusal or an outage is
 * « could not check » (a chat the bot cannot see is the admin's to fix, not the user's fault).
 */
function channelMembership(bot: TelegramBot, log: FastifyBaseLogger): ChannelMembership {
  return {
    async check(chatId, telegramId) {
      try {
        return (await bot.getChatMember(chatId, telegramId)).isMember ? "member" : "not_member";
      } catch (error) {
        log.warn({ err: error, chatId }, "telegram channel task: membership not checked");
        return "unavailable";
      }
    },
  };
}
