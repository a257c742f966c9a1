/**
 * The toast container, on its own so that `LazyNotifications` can import it dynamically: a
 * dynamic import of the `@mantine/notifications` barrel itself would keep the container in the
 * entry chunk, because the entry imports the barrel statically for the store.
 */
export { Notifications } from "@mantine/notifications";
