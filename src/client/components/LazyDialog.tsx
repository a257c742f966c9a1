import { useLingui } from "@lingui/react/macro";
import { Center, Loader } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  Component,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";

/** Props every dialog on the public pages takes. */
export interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

/** Loads a dialog component; keep it a module-level constant so the code-split chunk is fetched once. */
export type DialogLoader<P extends DialogProps> = () => Promise<ComponentType<P>>;

/** Starts fetching a dialog's chunk early (on hover or focus of the button that opens it). */
export function preloadDialog(load: () => Promise<unknown>): void {
  load().catch(() => {
    // A failed preload is retried when the dialog is actually opened.
  });
}

/** Event handlers for the button that opens a dialog: fetch its chunk on hover, touch or focus. */
export function preloadOn(load: () => Promise<unknown>) {
  const preload = () => preloadDialog(load);
  return { onPointerEnter: preload, onTouchStart: preload, onFocus: preload };
}

/**
 * Remembers the focused element when `opened` turns true (during the render, before the dialog
 * takes the focus) and focuses it again after `opened` turns false, unless the focus has moved on
 * by then (as Mantine's `useFocusReturn` does).
 */
function useReturnFocus(opened: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  if (opened && opener.current === null && typeof document !== "undefined") {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  useEffect(() => {
    if (opened) return;
    const target = opener.current;
    opener.current = null;
    if (!target) return;
    const atClose = document.activeElement;
    const timeout = window.setTimeout(() => {
      const now = document.activeElement;
      if (now === null || now === document.body || now === atClose) target.focus({ preventScroll: true });
    }, 10);
    return () => window.clearTimeout(timeout);
  }, [opened]);
}

/**
 * A code-split dialog: its chunk is fetched the first time it opens, so the dialog's code
 * (forms, schemas, long texts) stays out of the page's initial JavaScript. Once mounted it
 * stays mounted, so the close transition plays. If the chunk cannot be loaded the dialog is
 * closed with a notification and the next open tries again.
 *
 * Focus goes back to what opened the dialog when it closes (WCAG 2.4.3): Mantine's Modal does this
 * only for openings after its first mount, and the first opening is what mounts it here.
 */
export function LazyDialog<P extends DialogProps>({ load, ...props }: { load: DialogLoader<P> } & P) {
  const { t } = useLingui();
  const [mounted, setMounted] = useState(props.opened);
  const [attempt, setAttempt] = useState(0);
  if (props.opened && !mounted) setMounted(true);
  useReturnFocus(props.opened);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt needs a new lazy component
  const Dialog = useMemo(() => lazy(async () => ({ default: await load() })), [load, attempt]);

  if (!mounted) return null;
  return (
    <LoadFailureBoundary
      key={attempt}
      onError={() => {
        setMounted(false);
        setAttempt((n) => n + 1);
        props.onClose();
        notifications.show({
          color: "red",
          title: t`Could not open this window`,
          message: t`Please check your internet connection and try again.`,
        });
      }}
    >
      <Suspense fallback={props.opened ? <DialogLoading label={t`Loading...`} /> : null}>
        <Dialog {...(props as unknown as P)} />
      </Suspense>
    </LoadFailureBoundary>
  );
}

/**
 * Spinner over the page while a dialog's chunk arrives. Fixed to the viewport without a portal:
 * the pages that use it have no transformed ancestors, and the Portal component would
 * add its own chunk to their initial JavaScript.
 */
function DialogLoading({ label }: { label: string }) {
  return (
    <Center pos="fixed" top={0} bottom={0} style={{ insetInline: 0, zIndex: 300 }} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

/** Catches a code-split chunk that failed to load; shows `fallback` (default nothing) instead. */
export class LoadFailureBoundary extends Component<
  { onError?: () => void; fallback?: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error("Failed to load part of the page", error);
    this.props.onError?.();
  }

  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
