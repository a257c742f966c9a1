import { Text, type TextProps, useDirection } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * Text a member wrote, in whatever script: its own direction (`dir="auto"`), but aligned to the
 * page's start side so an English line on a Persian page still lines up with its neighbours.
 * Line breaks are kept and long words wrap.
 */
export function UserText({
  children,
  preWrap = true,
  ...props
}: TextProps & { children: ReactNode; preWrap?: boolean; "data-testid"?: string }) {
  const start = useStartAlign();
  return (
    <Text
      dir="auto"
      ta={start}
      style={preWrap ? { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } : undefined}
      {...props}
    >
      {children}
    </Text>
  );
}

/**
 * The page's start side as a fixed `text-align`, for text given `dir="auto"` (a Latin name on a
 * Persian page, or the reverse) so it still lines up with its neighbours.
 */
export function useStartAlign(): "left" | "right" {
  return useDirection().dir === "rtl" ? "right" : "left";
}
