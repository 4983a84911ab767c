/** The squads' card frame, as on the tasks and circle pages. */
export const card =
  "grid min-w-0 grid-cols-1 gap-3 rounded-2xl border border-night-700 bg-night-850 p-4 sm:p-5";
