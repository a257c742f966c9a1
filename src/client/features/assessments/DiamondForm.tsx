/**
 * The guided Porter diamond analysis (issue #18 §2): first the product and the target market,
 * then one step per factor (the four determinants, then government and chance) with its guiding
 * questions, a 1–5 rating as a radio group of labelled choices and optional notes. Next refuses a
 * step that is not complete, says why and moves the focus to the field; each new step moves the
 * focus to its heading, so the whole analysis works from the keyboard.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Button,
  Card,
  Group,
  List,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconArrowRight, IconCheck } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import {
  DIAMOND_FACTORS,
  DIAMOND_LIMITS,
  DIAMOND_RATINGS,
  type DiamondAnswers,
  type DiamondFactor,
  type DiamondRating,
  diamondAnswersSchema,
} from "../../../common/assessments";
import { CountrySelect } from "../../components/ReferenceSelects";
import { formatNumber } from "../../i18n";
import { translateServerText } from "../../i18n/serverMessages";
import { DIAMOND_FACTOR_DESCRIPTIONS, DIAMOND_FACTOR_NAMES, DIAMOND_PROMPTS, DIAMOND_RATING_LABELS } from "./texts";

type Draft = {
  product: string;
  market: string | null;
  factors: Partial<Record<DiamondFactor, { rating?: DiamondRating; notes: string }>>;
};

/** Step 0 is the product and market; steps 1–6 the factors in `DIAMOND_FACTORS` order. */
const STEPS = 1 + DIAMOND_FACTORS.length;

export function DiamondForm({
  initial,
  onDone,
}: {
  /** The product and market to start from (a retake of an earlier analysis). */
  initial?: { product: string; market: string };
  onDone: (answers: DiamondAnswers) => void;
}) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<Draft>({
    product: initial?.product ?? "",
    market: initial?.market ?? null,
    factors: {},
  });
  const [step, setStep] = useState(0);
  const [showMissing, setShowMissing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const factor = step > 0 ? DIAMOND_FACTORS[step - 1] : undefined;
  const last = step === STEPS - 1;

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

  const productError = (() => {
    const parsed = diamondAnswersSchema.shape.product.safeParse(draft.product);
    return parsed.success ? null : translateServerText(parsed.error.issues[0]?.message ?? "");
  })();
  const notesTooLong = (f: DiamondFactor) => (draft.factors[f]?.notes.trim().length ?? 0) > DIAMOND_LIMITS.notesMax;

  const next = () => {
    if (!factor) {
      if (productError) {
        setShowMissing(true);
        document.querySelector<HTMLInputElement>("#diamond-product")?.focus();
        return;
      }
      if (!draft.market) {
        setShowMissing(true);
        document.querySelector<HTMLInputElement>("#diamond-market")?.focus();
        return;
      }
    } else if (!draft.factors[factor]?.rating || notesTooLong(factor)) {
      setShowMissing(true);
      const field = draft.factors[factor]?.rating
        ? document.querySelector<HTMLTextAreaElement>(`#diamond-notes-${factor}`)
        : document.querySelector<HTMLInputElement>(`input[name="rating-${factor}"]`);
      field?.focus();
      return;
    }
    if (!last) return go(step + 1);
    const answers = diamondAnswersSchema.safeParse({
      product: draft.product,
      market: draft.market,
      factors: Object.fromEntries(
        DIAMOND_FACTORS.map((f) => [f, { rating: draft.factors[f]?.rating, notes: draft.factors[f]?.notes ?? "" }]),
      ),
    });
    if (answers.success) onDone(answers.data);
    else go(0);
  };

  const setFactor = (f: DiamondFactor, change: { rating?: DiamondRating; notes?: string }) =>
    setDraft((d) => ({
      ...d,
      factors: { ...d.factors, [f]: { notes: "", ...d.factors[f], ...change } },
    }));

  const number = formatNumber(step + 1, i18n.locale);
  const total = formatNumber(STEPS, i18n.locale);
  const stepName = factor ? i18n._(DIAMOND_FACTOR_NAMES[factor]) : t`Product and target market`;
  const rtl = i18n.locale === "fa";

  return (
    <Stack gap="lg" data-testid="diamond-form">
      <Stack gap={6}>
        <Text size="sm" fw={600} c="teal.9" data-testid="diamond-step">
          <Trans>
            Step {number} of {total}: {stepName}
          </Trans>
        </Text>
        <Progress value={((step + 1) / STEPS) * 100} color="teal" aria-label={t`Analysis progress`} />
      </Stack>
      <Title order={2} ref={headingRef} tabIndex={-1} style={{ outlineOffset: 4 }}>
        {stepName}
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          next();
        }}
      >
        <Stack gap="md">
          {factor ? (
            <Card withBorder radius="md" padding="md" key={factor}>
              <Stack gap="md">
                <Text c="gray.8">{i18n._(DIAMOND_FACTOR_DESCRIPTIONS[factor])}</Text>
                <Stack gap={6}>
                  <Text fw={600} size="sm" id={`diamond-prompts-${factor}`}>
                    <Trans>Guiding questions</Trans>
                  </Text>
                  <List
                    type="ordered"
                    size="sm"
                    spacing={6}
                    listStyleType={rtl ? "persian" : "decimal"}
                    aria-labelledby={`diamond-prompts-${factor}`}
                  >
                    {DIAMOND_PROMPTS[factor].map((prompt) => (
                      <List.Item key={prompt.id}>{i18n._(prompt)}</List.Item>
                    ))}
                  </List>
                </Stack>
                <Radio.Group
                  name={`rating-${factor}`}
                  value={draft.factors[factor]?.rating ? String(draft.factors[factor]?.rating) : null}
                  onChange={(value) => setFactor(factor, { rating: Number(value) as DiamondRating })}
                  label={t`Your rating of ${stepName} for this product in this market`}
                  description={t`1 is a serious disadvantage, 5 a strong advantage.`}
                  error={showMissing && !draft.factors[factor]?.rating ? t`Please choose a rating.` : undefined}
                  styles={{ label: { fontWeight: 600, lineHeight: 1.5 } }}
                  data-testid={`rating-${factor}`}
                >
                  <SimpleGrid cols={{ base: 1, sm: 5 }} spacing="sm" verticalSpacing="sm" mt="sm">
                    {DIAMOND_RATINGS.map((r) => (
                      <Radio
                        key={r}
                        value={String(r)}
                        label={`${formatNumber(r, i18n.locale)} · ${i18n._(DIAMOND_RATING_LABELS[r])}`}
                      />
                    ))}
                  </SimpleGrid>
                </Radio.Group>
                <Textarea
                  id={`diamond-notes-${factor}`}
                  label={t`Your notes`}
                  description={t`What supports this rating? Optional; at most ${formatNumber(DIAMOND_LIMITS.notesMax, i18n.locale)} characters.`}
                  value={draft.factors[factor]?.notes ?? ""}
                  onChange={(e) => setFactor(factor, { notes: e.currentTarget.value })}
                  error={notesTooLong(factor) ? t`Notes are too long` : undefined}
                  // Fixed rows: autosize leaves a measuring textarea in the body that widens an RTL page.
                  rows={4}
                />
              </Stack>
            </Card>
          ) : (
            <Card withBorder radius="md" padding="md">
              <Stack gap="md">
                <TextInput
                  id="diamond-product"
                  label={t`Product`}
                  description={t`The product or service you want to export, for example "saffron" or "steel pipes".`}
                  value={draft.product}
                  onChange={(e) => {
                    const product = e.currentTarget.value;
                    setDraft((d) => ({ ...d, product }));
                  }}
                  error={showMissing && productError ? productError : undefined}
                  maxLength={DIAMOND_LIMITS.productMax + 20}
                  required
                />
                <CountrySelect
                  id="diamond-market"
                  label={t`Target market`}
                  value={draft.market}
                  onChange={(market) => setDraft((d) => ({ ...d, market }))}
                  error={showMissing && !productError && !draft.market ? t`Please choose a country.` : undefined}
                  required
                  data-testid="diamond-market"
                  w={360}
                  maw="100%"
                />
              </Stack>
            </Card>
          )}
          <Group justify="space-between">
            {step > 0 ? (
              <Button
                variant="default"
                onClick={() => go(step - 1)}
                leftSection={rtl ? <IconArrowRight size={18} aria-hidden /> : <IconArrowLeft size={18} aria-hidden />}
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
                last ? (
                  <IconCheck size={18} aria-hidden />
                ) : rtl ? (
                  <IconArrowLeft size={18} aria-hidden />
                ) : (
                  <IconArrowRight size={18} aria-hidden />
                )
              }
            >
              {last ? <Trans>See my analysis</Trans> : <Trans>Next</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
