import { useLingui } from "@lingui/react/macro";
import { Center, Pagination } from "@mantine/core";
import { formatNumber } from "../i18n";

/** Page numbers under a list, with spoken labels for every control. Hidden for one page. */
export function ListPagination({
  page,
  pages,
  onChange,
  testId,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  testId?: string;
}) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  return (
    <Center component="nav" aria-label={t`Pages`}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getItemProps={(p) => {
          const number = formatNumber(p);
          return { "aria-label": t`Page ${number}`, children: number };
        }}
        getControlProps={(control) => ({
          "aria-label":
            control === "next"
              ? t`Next page`
              : control === "previous"
                ? t`Previous page`
                : control === "first"
                  ? t`First page`
                  : t`Last page`,
        })}
        data-testid={testId}
      />
    </Center>
  );
}
