/**
 * The signed-in viewer (or null) and the sign-out action shared by the layout, the gate and
 * the session timer.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { closeWebSocket, useTRPC } from "../../trpc";

export function useSession() {
  const trpc = useTRPC();
  return useQuery(trpc.session.get.queryOptions());
}

/** Signs out on the server, forgets every cached query and goes to the landing page. */
export function useSignOut() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation(trpc.auth.signOut.mutationOptions());
  return useCallback(
    async (reason: "user" | "timeout" = "user") => {
      try {
        await mutation.mutateAsync({ reason });
      } catch {
        // Signing out locally is still right: the server session ends by itself.
      }
      closeWebSocket();
      queryClient.clear();
      queryClient.setQueryData(trpc.session.get.queryKey(), null);
      await navigate({ to: "/landing", replace: true });
    },
    [mutation, queryClient, navigate, trpc],
  );
}
