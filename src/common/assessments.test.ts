/**
 * The export readiness instrument and its scoring (issue #18 §1 tests): every area and the
 * overall score on fixed answer sets, and the answers' schema; the Porter diamond analysis's
 * scoring, comparison and schema on fixed answers (§2).
 */
import { describe, expect, it } from "vitest";
import {
  compareDiamond,
  DIAMOND_FACTORS,
  type DiamondAnswers,
  diamondAnswersSchema,
  READINESS_AREA_WEIGHTS,
  READINESS_AREAS,
  READINESS_QUESTIONS,
  READINESS_SCALES,
  type ReadinessAnswers,
  readinessAnswersSchema,
  scoreDiamond,
  scoreReadiness,
} from "./assessments";
import { Msg } from "./messages";

/** Every question answered with its scale's best (last) or worst (first) option. */
function uniform(which: "best" | "worst"): ReadinessAnswers {
  return Object.fromEntries(
    READINESS_QUESTIONS.map((q) => {
      const options = READINESS_SCALES[q.scale];
      return [q.code, (which === "best" ? options[options.length - 1]! : options[0]!).code];
    }),
  ) as ReadinessAnswers;
}

/** A mixed set whose scores are computed by hand below. */
const MIXED: ReadinessAnswers = {
  cap_commitment: "fully", // 3 × 3/3
  cap_plan: "partly", // 2 × 1/3
  cap_staff: "mostly", // 2 × 2/3
  cap_capacity: "no", // 2 × 0
  cap_finance: "fully", // 2 × 3/3
  cap_languages: "partly", // 1 × 1/3  → 7.333 / 12 = 61.1 %
  prod_advantage: "mostly",
  prod_adaptation: "mostly",
  prod_certificates: "mostly",
  prod_pricing: "mostly",
  prod_ip: "mostly",
  prod_support: "mostly", // all 2/3 → 66.7 %
  mkt_targets: "no", // 3 × 0
  mkt_rules: "fully",
  mkt_channels: "fully",
  mkt_competitors: "fully",
  mkt_buyers: "fully",
  mkt_research: "fully", // 8 / 11 = 72.7 %
  exp_years: "none", // 2 × 0
  exp_markets: "one", // 2 × 1/3
  exp_share: "over30", // 1 × 3/3
  exp_documents: "partly", // 2 × 1/3
  exp_payments: "no", // 2 × 0
  exp_partners: "fully", // 1 × 3/3  → 3.333 / 10 = 33.3 %
};

describe("the instrument", () => {
  it("has 20–30 questions over the four areas, each area's weights positive, area weights summing to 1", () => {
    expect(READINESS_QUESTIONS.length).toBeGreaterThanOrEqual(20);
    expect(READINESS_QUESTIONS.length).toBeLessThanOrEqual(30);
    for (const area of READINESS_AREAS) {
      expect(READINESS_QUESTIONS.filter((q) => q.area === area).length).toBeGreaterThanOrEqual(5);
    }
    expect(new Set(READINESS_QUESTIONS.map((q) => q.code)).size).toBe(READINESS_QUESTIONS.length);
    expect(Object.values(READINESS_AREA_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
  });
});

describe("scoreReadiness", () => {
  it("scores all best answers 100 in every area and overall", () => {
    expect(scoreReadiness(uniform("best"))).toEqual({
      areas: { capabilities: 100, product: 100, market: 100, experience: 100 },
      overall: 100,
      strongest: "capabilities",
      weakest: "capabilities",
    });
  });

  it("scores all worst answers 0 in every area and overall", () => {
    expect(scoreReadiness(uniform("worst"))).toEqual({
      areas: { capabilities: 0, product: 0, market: 0, experience: 0 },
      overall: 0,
      strongest: "capabilities",
      weakest: "capabilities",
    });
  });

  it("scores a mixed set as computed by hand: weighted per area, area-weighted overall", () => {
    // overall = 0.3 × 61.11 + 0.25 × 66.67 + 0.25 × 72.73 + 0.2 × 33.33 = 59.85
    expect(scoreReadiness(MIXED)).toEqual({
      areas: { capabilities: 61, product: 67, market: 73, experience: 33 },
      overall: 60,
      strongest: "market",
      weakest: "experience",
    });
  });

  it("names the strongest and weakest area", () => {
    const answers = { ...uniform("worst") };
    for (const q of READINESS_QUESTIONS) {
      if (q.area === "product") answers[q.code] = "fully";
      if (q.area === "market") answers[q.code] = "partly";
    }
    const score = scoreReadiness(answers);
    expect(score.areas).toEqual({ capabilities: 0, product: 100, market: 33, experience: 0 });
    expect(score.overall).toBe(33); // 0.25 × 100 + 0.25 × 33.3
    expect(score.strongest).toBe("product");
    expect(score.weakest).toBe("capabilities");
  });

  it("weighs a decisive question more than an ordinary one", () => {
    const decisive = scoreReadiness({ ...uniform("worst"), cap_commitment: "fully" });
    const ordinary = scoreReadiness({ ...uniform("worst"), cap_languages: "fully" });
    expect(decisive.areas.capabilities).toBe(25); // 3 / 12
    expect(ordinary.areas.capabilities).toBe(8); // 1 / 12
  });
});

describe("readinessAnswersSchema", () => {
  it("accepts a complete set", () => {
    expect(readinessAnswersSchema.parse(MIXED)).toEqual(MIXED);
  });

  it("refuses a missing answer", () => {
    const { cap_plan: _, ...missing } = MIXED;
    const result = readinessAnswersSchema.safeParse(missing);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(Msg.assessmentAnswerEveryQuestion);
    expect(result.error?.issues[0]?.path).toEqual(["cap_plan"]);
  });

  it("refuses an option of another scale or none at all", () => {
    for (const bad of ["over5", "maybe", 3, null]) {
      const result = readinessAnswersSchema.safeParse({ ...MIXED, cap_plan: bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(Msg.assessmentAnswerEveryQuestion);
    }
  });

  it("refuses a foreign question", () => {
    const result = readinessAnswersSchema.safeParse({ ...MIXED, cap_bribes: "fully" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(Msg.assessmentUnknownQuestion);
  });
});

/** A diamond analysis with the given ratings (factor order) and a note on each. */
function diamond(ratings: number[], over: Partial<DiamondAnswers> = {}): DiamondAnswers {
  return {
    product: "Saffron",
    market: "DE",
    factors: Object.fromEntries(
      DIAMOND_FACTORS.map((f, i) => [f, { rating: ratings[i], notes: `notes on ${f}` }]),
    ) as DiamondAnswers["factors"],
    ...over,
  };
}

describe("scoreDiamond", () => {
  it("scores a mixed set: the four determinants' mean mapped 1–5 → 0–100; strengths ≥ 4, gaps ≤ 2", () => {
    // factors 4, demand 2, related 3, strategy 5 → mean 3.5 → (3.5 − 1) / 4 = 62.5 % → 63
    expect(scoreDiamond(diamond([4, 2, 3, 5, 1, 4]))).toEqual({
      ratings: { factors: 4, demand: 2, related: 3, strategy: 5, government: 1, chance: 4 },
      overall: 63,
      strengths: ["factors", "strategy", "chance"],
      gaps: ["demand", "government"],
    });
  });

  it("scores all 1 as 0, all 3 as 50 and all 5 as 100", () => {
    expect(scoreDiamond(diamond([1, 1, 1, 1, 1, 1]))).toMatchObject({
      overall: 0,
      strengths: [],
      gaps: DIAMOND_FACTORS,
    });
    expect(scoreDiamond(diamond([3, 3, 3, 3, 3, 3]))).toMatchObject({ overall: 50, strengths: [], gaps: [] });
    expect(scoreDiamond(diamond([5, 5, 5, 5, 5, 5]))).toMatchObject({
      overall: 100,
      strengths: DIAMOND_FACTORS,
      gaps: [],
    });
  });

  it("leaves government and chance out of the overall score", () => {
    const low = scoreDiamond(diamond([2, 3, 4, 3, 1, 1]));
    const high = scoreDiamond(diamond([2, 3, 4, 3, 5, 5]));
    expect(low.overall).toBe(50);
    expect(high.overall).toBe(50);
    expect(high.strengths).toEqual(["related", "government", "chance"]);
  });

  it("compares two analyses factor by factor", () => {
    const before = scoreDiamond(diamond([2, 2, 3, 3, 4, 3]));
    const after = scoreDiamond(diamond([4, 2, 3, 5, 1, 3]));
    expect(compareDiamond(after, before)).toEqual({
      ratings: { factors: 2, demand: 0, related: 0, strategy: 2, government: -3, chance: 0 },
      overall: 25, // 63 − 38 (mean 2.5 → 37.5 → 38)
    });
  });
});

describe("diamondAnswersSchema", () => {
  it("accepts a complete analysis, trims the texts and takes missing notes as empty", () => {
    const answers = diamond([1, 2, 3, 4, 5, 3], { product: "  Saffron  " });
    const { notes: _, ...noNotes } = answers.factors.chance;
    const parsed = diamondAnswersSchema.parse({ ...answers, factors: { ...answers.factors, chance: noNotes } });
    expect(parsed.product).toBe("Saffron");
    expect(parsed.factors.chance).toEqual({ rating: 3, notes: "" });
    expect(parsed.factors.factors).toEqual({ rating: 1, notes: "notes on factors" });
  });

  it("refuses each bad field with its message", () => {
    const good = diamond([3, 3, 3, 3, 3, 3]);
    const cases: [unknown, string][] = [
      [{ ...good, product: "   " }, Msg.diamondProductRequired],
      [{ ...good, product: "x".repeat(121) }, Msg.textTooLong],
      [{ ...good, market: "de" }, Msg.invalidCountry],
      [{ ...good, market: "DEU" }, Msg.invalidCountry],
      [{ ...good, factors: { ...good.factors, demand: { rating: 6, notes: "" } } }, Msg.diamondRateEveryFactor],
      [{ ...good, factors: { ...good.factors, demand: { rating: 0, notes: "" } } }, Msg.diamondRateEveryFactor],
      [{ ...good, factors: { ...good.factors, demand: { rating: "3", notes: "" } } }, Msg.diamondRateEveryFactor],
      [{ ...good, factors: { ...good.factors, demand: { rating: 2.5, notes: "" } } }, Msg.diamondRateEveryFactor],
      [{ ...good, factors: { ...good.factors, demand: { notes: "" } } }, Msg.diamondRateEveryFactor],
      [{ ...good, factors: { ...good.factors, demand: { rating: 3, notes: "x".repeat(1001) } } }, Msg.notesTooLong],
      [{ ...good, factors: { ...good.factors, culture: { rating: 3, notes: "" } } }, Msg.assessmentUnknownQuestion],
      [{ ...good, score: 100 }, Msg.assessmentUnknownQuestion],
    ];
    for (const [answers, message] of cases) {
      const result = diamondAnswersSchema.safeParse(answers);
      expect(result.success, message).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
    const { government: _, ...missing } = good.factors;
    expect(diamondAnswersSchema.safeParse({ ...good, factors: missing }).error?.issues[0]?.message).toBe(
      Msg.diamondRateEveryFactor,
    );
  });
});
