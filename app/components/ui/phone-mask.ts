import { maskPhoneInput, PHONE_INPUT_MAX_LENGTH, PHONE_PLACEHOLDER } from '~/domain/phone';

// The phone fields' mask (docs/product-rules.md, "Phones"), on a plain input: no framework, so a page
// without React can call it from a script of its own. The server parses whatever is posted; the mask
// only shows the number in its shape while it is typed, and never stops a keystroke.

/** The attributes every phone input carries. */
export const PHONE_INPUT_ATTRIBUTES = {
  type: 'tel',
  inputMode: 'tel',
  autoComplete: 'tel-national',
  placeholder: PHONE_PLACEHOLDER,
  maxLength: PHONE_INPUT_MAX_LENGTH,
} as const;

/**
 * Reshapes the input's text after a keystroke or a paste. Deleting is left alone (a mask that puts a
 * parenthesis back would fight the backspace); the caret stays after the same number of digits.
 */
export function maskPhoneField(input: HTMLInputElement, inputType = ''): void {
  if (inputType.startsWith('delete')) return;
  const typed = input.value;
  const masked = maskPhoneInput(typed);
  if (masked === typed) return;
  const caret = input.selectionStart ?? typed.length;
  const digitsBefore = typed.slice(0, caret).replace(/\D/g, '').length;
  input.value = masked;
  if (caret >= typed.length || input.ownerDocument.activeElement !== input) return setCaret(input, masked.length);
  let position = 0;
  for (let seen = 0; position < masked.length && seen < digitsBefore; position += 1) {
    if (/\d/.test(masked.charAt(position))) seen += 1;
  }
  setCaret(input, position);
}

function setCaret(input: HTMLInputElement, position: number): void {
  if (input.ownerDocument.activeElement === input) input.setSelectionRange(position, position);
}
