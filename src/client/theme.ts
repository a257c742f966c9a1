/** Mantine theme: the club's teal, tier colours (spec part 1 §2: Gold yellow, Silver gray, Turquoise teal). */
import { createTheme } from "@mantine/core";
import type { Tier } from "../common/constants";

export const theme = createTheme({
  primaryColor: "teal",
  defaultRadius: "md",
  fontFamily:
    "Vazirmatn, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', Tahoma, sans-serif",
  headings: { fontWeight: "700" },
});

export const TIER_COLORS: Record<Tier, string> = { gold: "yellow", silver: "gray", turquoise: "teal" };
