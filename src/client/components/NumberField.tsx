/**
 * Mantine's NumberInput that also takes the digits of a Persian or Arabic keyboard: its number
 * formatting (react-number-format) keeps only 0–9, so "۵" typed on a Persian keyboard would vanish.
 * A typed text with such digits is put in Latin digits where the caret is and given to `onChange`
 * as the number it makes (or as the text, when it makes none, for the form's rule to answer).
 */
import { NumberInput, type NumberInputProps } from "@mantine/core";
import type { FormEvent } from "react";
import { hasEasternDigits, latinDigits } from "../lib/digits";

export function NumberField({ onChange, thousandSeparator, ...props }: NumberInputProps) {
  const onBeforeInput = (event: FormEvent<HTMLInputElement>) => {
    const typed = (event.nativeEvent as InputEvent).data;
    if (!typed || !hasEasternDigits(typed)) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    const separator = typeof thousandSeparator === "string" ? thousandSeparator : thousandSeparator ? "," : "";
    const text = `${input.value.slice(0, start)}${latinDigits(typed)}${input.value.slice(end)}`;
    const plain = separator ? text.split(separator).join("") : text;
    const value = Number(plain);
    onChange?.(plain !== "" && Number.isFinite(value) ? value : plain);
  };
  return (
    <NumberInput {...props} thousandSeparator={thousandSeparator} onChange={onChange} onBeforeInput={onBeforeInput} />
  );
}
