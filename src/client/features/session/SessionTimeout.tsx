/**
 * Session timeout (spec part 1 §2, §4): user activity restarts the idle timer through a
 * throttled server heartbeat, so the client's timer and the server's agree. At 5 minutes or
 * less a warning modal and a 10-second toast (once); Extend Session refreshes on the server;
 * at 0 the user is signed out with 'Session Expired'.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Modal, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { SESSION_HEARTBEAT_INTERVAL_MS, SESSION_WARNING_TOAST_MS } from "../../../common/constants";
import { remainingMinutes, timerPhase } from "../../../common/session-timer";
import { useTRPC } from "../../trpc";
import { useSignOut } from "./useSession";

const ACTIVITY_EVENTS = ["mousedown", "mousemove", "keydown", "scroll", "touchstart", "click"] as const;

export function SessionTimeout({ initialExpiresAt }: { initialExpiresAt: Date | string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const signOut = useSignOut();
  const [expiresAt, setExpiresAt] = useState(() => new Date(initialExpiresAt).getTime());
  const [now, setNow] = useState(() => Date.now());
  const [warningOpen, setWarningOpen] = useState(false);
  const warnedRef = useRef(false);
  const endedRef = useRef(false);
  const lastHeartbeatRef = useRef(Date.now());
  const warningOpenRef = useRef(false);
  warningOpenRef.current = warningOpen;

  const heartbeat = useMutation(trpc.session.heartbeat.mutationOptions());
  const refresh = useMutation(trpc.session.refresh.mutationOptions());

  // Activity → heartbeat, at most once per interval; ignored while the warning asks for a choice.
  useEffect(() => {
    const onActivity = () => {
      if (warningOpenRef.current || endedRef.current) return;
      const t0 = Date.now();
      if (t0 - lastHeartbeatRef.current < SESSION_HEARTBEAT_INTERVAL_MS) return;
      lastHeartbeatRef.current = t0;
      heartbeat.mutate(undefined, {
        onSuccess: (r) => setExpiresAt(new Date(r.expiresAt).getTime()),
      });
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true });
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity);
    };
  }, [heartbeat.mutate]);

  // The clock: checked every second.
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);

  const remainingMs = expiresAt - now;
  const phase = timerPhase(remainingMs);

  useEffect(() => {
    if (endedRef.current) return;
    if (phase === "expired") {
      endedRef.current = true;
      setWarningOpen(false);
      notifications.show({
        color: "red",
        title: t`Session Expired`,
        message: t`Your session has expired. Please sign in again.`,
      });
      void signOut("timeout");
    } else if (phase === "warning" && !warnedRef.current) {
      warnedRef.current = true;
      setWarningOpen(true);
      notifications.show({
        color: "yellow",
        title: t`Session expiring soon`,
        message: t`Your session will expire soon due to inactivity.`,
        autoClose: SESSION_WARNING_TOAST_MS,
      });
    }
  }, [phase, signOut, t]);

  const minutes = remainingMinutes(remainingMs);

  async function extend() {
    try {
      const r = await refresh.mutateAsync();
      setExpiresAt(new Date(r.expiresAt).getTime());
      lastHeartbeatRef.current = Date.now();
      warnedRef.current = false;
      setWarningOpen(false);
      notifications.show({
        color: "teal",
        title: t`Session Extended`,
        message: t`Your session has been extended for another 30 minutes.`,
      });
    } catch {
      endedRef.current = true;
      setWarningOpen(false);
      notifications.show({
        color: "red",
        title: t`Session Expired`,
        message: t`Your session has expired. Please sign in again.`,
      });
      void signOut("timeout");
    }
  }

  return (
    <Modal
      opened={warningOpen}
      onClose={() => void extend()}
      title={<Trans>Session expiring soon</Trans>}
      centered
      closeOnClickOutside={false}
    >
      <Text mb="lg" role="timer" aria-live="polite">
        <Plural
          value={minutes}
          one="Your session will expire in # minute due to inactivity."
          other="Your session will expire in # minutes due to inactivity."
        />
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void signOut("user")}>
          <Trans>Sign Out</Trans>
        </Button>
        <Button onClick={() => void extend()} loading={refresh.isPending} data-autofocus>
          <Trans>Extend Session</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
