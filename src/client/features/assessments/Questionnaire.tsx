/**
 * The readiness questionnaire (issue #18 §1): one area per step with a progress bar, a radio
 * group per question (its text is the group's accessible name), Back and Next. Next refuses a
 * step with an unanswered question, marks it and moves the focus to it; each new step moves the
 * focus to its heading, so the whole questionnaire works from the keyboard.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Progress, Radio, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconArrowRight, IconCheck } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import {
  questionsOf,
  READINESS_AREAS,
  READINESS_SCALES,
  type ReadinessAnswers,
  type ReadinessQuestionCode,
} from "../../../common/assessments";
import { formatNumber } from "../../i18n";
import { AREA_NAMES, optionText, QUESTION_TEXTS } from "./texts";

export function Questionnaire({ onDone }: { onDone: (answers: ReadinessAnswers) => void }) {
  const { t, i18n } = useLingui();
  const [answers, setAnswers] = useState<Partial<Record<ReadinessQuestionCode, string>>>({});
  const [step, setStep] = useState(0);
  const [showMissing, setShowMissing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const area = READINESS_AREAS[step] ?? "capabilities";
  const questions = questionsOf(area);
  const last = step === READINESS_AREAS.length - 1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves each time the step changes
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  const go = (next: number) => {
    moved.current = true;
    setShowMissing(false);
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  const next = () => {
    const missing = questions.find((q) => !answers[q.code as ReadinessQuestionCode]);
    if (missing) {
      setShowMissing(true);
      document.querySelector<HTMLInputElement>(`input[name="${missing.code}"]`)?.focus();
      return;
    }
    if (last) onDone(answers as ReadinessAnswers);
    else go(step + 1);
  };

  const number = formatNumber(step + 1, i18n.locale);
  const total = formatNumber(READINESS_AREAS.length, i18n.locale);
  const areaName = i18n._(AREA_NAMES[area]);

  return (
    <Stack gap="lg" data-testid="readiness-questionnaire">
      <Stack gap={6}>
        <Text size="sm" fw={600} c="teal.9" data-testid="readiness-step">
          <Trans>
            Step {number} of {total}: {areaName}
          </Trans>
        </Text>
        <Progress
          value={((step + 1) / READINESS_AREAS.length) * 100}
          color="teal"
          aria-label={t`Assessment progress`}
        />
      </Stack>
      <Title order={2} ref={headingRef} tabIndex={-1} style={{ outlineOffset: 4 }}>
        {areaName}
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          next();
        }}
      >
        <Stack gap="md">
          {questions.map((q, index) => {
            const code = q.code as ReadinessQuestionCode;
            const missing = showMissing && !answers[code];
            return (
              <Card key={q.code} withBorder radius="md" padding="md">
                <Radio.Group
                  name={q.code}
                  value={answers[code] ?? null}
                  onChange={(value) => setAnswers((a) => ({ ...a, [code]: value }))}
                  label={
                    <>
                      {formatNumber(index + 1, i18n.locale)}. {i18n._(QUESTION_TEXTS[code])}
                    </>
                  }
                  error={missing ? t`Please choose an answer.` : undefined}
                  styles={{ label: { fontWeight: 600, lineHeight: 1.5, marginBottom: 8 } }}
                  data-testid={`question-${q.code}`}
                >
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="sm" mt={4}>
                    {READINESS_SCALES[q.scale].map((o) => (
                      <Radio key={o.code} value={o.code} label={i18n._(optionText(q.scale, o.code))} />
                    ))}
                  </SimpleGrid>
                </Radio.Group>
              </Card>
            );
          })}
          <Group justify="space-between">
            {step > 0 ? (
              <Button
                variant="default"
                onClick={() => go(step - 1)}
                leftSection={<Arrow back dir={i18n.locale === "fa" ? "rtl" : "ltr"} />}
              >
                <Trans>Back</Trans>
              </Button>
            ) : (
              <span />
            )}
            <Button
              type="submit"
              color="teal"
              rightSection={
                last ? <IconCheck size={18} aria-hidden /> : <Arrow dir={i18n.locale === "fa" ? "rtl" : "ltr"} />
              }
            >
              {last ? <Trans>See my result</Trans> : <Trans>Next</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function Arrow({ back = false, dir }: { back?: boolean; dir: "rtl" | "ltr" }) {
  const forward = dir === "rtl" ? back : !back;
  return forward ? <IconArrowRight size={18} aria-hidden /> : <IconArrowLeft size={18} aria-hidden />;
}
