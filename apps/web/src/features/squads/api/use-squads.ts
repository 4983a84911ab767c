import type { SquadDetail } from "@fre/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createSquad,
  joinSquad,
  leaveSquad,
  squadBoardQueryOptions,
  squadPreviewQueryOptions,
  squadQueryOptions,
  squadsKeys,
} from "./squads-api";

export const useSquadBoard = () => useQuery(squadBoardQueryOptions());

/** A squad's page; off for a visitor (the route needs a session). */
export const useSquad = (id: string, enabled = true) =>
  useQuery({ ...squadQueryOptions(id), enabled });

/** A share link's public facts: for a visitor only (a member reads the whole page). */
export const useSquadPreview = (id: string, enabled = true) =>
  useQuery({ ...squadPreviewQueryOptions(id), enabled });

/** The squad now mine: its page is known at once, the board and every other page re-read. */
function becameMember(queryClient: QueryClient, squad: SquadDetail) {
  queryClient.setQueryData(squadQueryOptions(squad.id).queryKey, squad);
  void queryClient.invalidateQueries({ queryKey: squadsKeys.board() });
}

export function useCreateSquad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSquad,
    onSuccess: (squad) => becameMember(queryClient, squad),
  });
}

export function useJoinSquad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinSquad,
    onSuccess: (squad) => becameMember(queryClient, squad),
  });
}

/** Leaving changes my squad's page, the board and the cooldown: everything is read again. */
export function useLeaveSquad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveSquad,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: squadsKeys.all }),
  });
}
