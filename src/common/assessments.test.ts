/**
 * The export readiness instrument and its scoring (issue #18 §1 tests): every area and the
 * overall score on fixed answer sets, and the answers' schema.
 */
import { describe, expect, it } from "vitest";
import {
  READINESS_AREA_WEIGHTS,
  READINESS_AREAS,
  READINESS_QUESTIONS,
  READINESS_SCALES,
  type ReadinessAnswers,
  readinessAnswersSchema,
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
