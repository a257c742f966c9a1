/**
 * The toast container, loaded only when the first toast is shown: `notifications.show` only
 * writes to a small store, and the container (with its transition and portal code) is not part
 * of the landing page's initial JavaScript.
 */
import { notificationsStore } from "@mantine/notifications";
import { lazy, Suspense, useEffect, useState } from "react";

const Notifications = lazy(() => import("./NotificationsContainer").then((m) => ({ default: m.Notifications })));

export function LazyNotifications() {
  const [needed, setNeeded] = useState(() => notificationsStore.getState().notifications.length > 0);
  useEffect(() => {
    if (needed) return;
    return notificationsStore.subscribe((state) => {
      if (state.notifications.length > 0 || state.queue.length > 0) setNeeded(true);
    });
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" />
    </Suspense>
  );
}
