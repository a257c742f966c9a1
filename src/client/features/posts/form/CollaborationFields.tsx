/**
 * The fields of the collaboration forms (look for a partner, propose a partnership; issue #14):
 * kind, sector, an optional product, target countries, what I bring and what I seek (≤ 60 words
 * each) and the description (≤ 150 words).
 */
import { useLingui } from "@lingui/react/macro";
import { SimpleGrid } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { Msg } from "../../../../common/messages";
import { POST_WORD_LIMITS } from "../../../../common/posts";
import { ProductSelect, SectorSelect } from "../../../components/ReferenceSelects";
import { COLLABORATION_KIND_LABELS } from "../labels";
import { CountriesMultiSelect, LabelSelect, WordsField } from "./fields";
import type { PostFormState } from "./state";

export function CollaborationFields({ form }: { form: UseFormReturnType<PostFormState> }) {
  const { t } = useLingui();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LabelSelect
          label={t`Kind of partnership`}
          placeholder={t`Select a kind`}
          labels={COLLABORATION_KIND_LABELS}
          {...form.getInputProps("collaborationKind")}
          data-testid="collaboration-kind-select"
        />
        <SectorSelect required {...form.getInputProps("sector")} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ProductSelect label={t`Product (optional)`} {...form.getInputProps("productId")} />
        <CountriesMultiSelect
          required
          description={t`Up to 20 countries`}
          {...form.getInputProps("countries")}
          value={form.values.countries}
        />
      </SimpleGrid>
      <WordsField
        label={t`What I bring`}
        placeholder={t`Your products, capacity, contacts or know-how`}
        maxWords={POST_WORD_LIMITS.bring}
        overLimit={Msg.bringTooLong}
        minRows={2}
        data-testid="bring"
        counterTestId="bring-count"
        {...form.getInputProps("bring")}
        value={form.values.bring}
      />
      <WordsField
        label={t`What I seek`}
        placeholder={t`The partner, market or resources you are looking for`}
        maxWords={POST_WORD_LIMITS.seek}
        overLimit={Msg.seekTooLong}
        minRows={2}
        data-testid="seek"
        counterTestId="seek-count"
        {...form.getInputProps("seek")}
        value={form.values.seek}
      />
    </>
  );
}
