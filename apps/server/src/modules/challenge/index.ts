export { challengeAdminRoutes, challengeRoutes } from "./challenge.routes.ts";
export {
  type ChallengeDeps,
  type ChallengeService,
  createChallengeService,
  DEFAULT_CHALLENGE_SETTINGS,
} from "./challenge.service.ts";
