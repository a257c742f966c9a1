import { useDebouncedCallback } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box whose text is pushed to the URL after a pause, and which follows the URL when
 * it changes by itself (back, Reset).
 */
export function useDebouncedSearchText(urlValue: string | undefined, push: (value: string | undefined) => void) {
  const [text, setText] = useState(urlValue ?? "");
  const lastPushed = useRef(urlValue);
  const debouncedPush = useDebouncedCallback((value: string) => {
    const next = value.trim() || undefined;
    lastPushed.current = next;
    push(next);
  }, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (urlValue === lastPushed.current) return;
    // The URL changed without typing (back/forward, Reset): show its value.
    lastPushed.current = urlValue;
    debouncedPush.cancel();
    setText(urlValue ?? "");
  }, [urlValue, debouncedPush]);

  return {
    text,
    onChange(value: string) {
      setText(value);
      debouncedPush(value);
    },
    flush: () => debouncedPush.flush(),
  };
}
