import type { FormEvent } from 'react';
import { maskPhoneField, PHONE_INPUT_ATTRIBUTES } from './phone-mask';
import { TextField, type TextFieldProps } from './text-field';

/** Calls the mask from React's input event (the native event carries what kind of edit it was). */
export function onPhoneInput(event: FormEvent<HTMLInputElement>): void {
  const native = event.nativeEvent as Partial<InputEvent>;
  maskPhoneField(event.currentTarget, native.inputType ?? '');
}

/**
 * A labelled phone input: '(11) 91234-5678' as the example, the mask while typing, the digits parsed
 * by the server (the form posts the same without JavaScript).
 */
export function PhoneField(props: TextFieldProps) {
  // `data-phone-mask`: on a page rendered on the server only, its script masks the field (app/browser/public-pages.ts).
  return <TextField {...PHONE_INPUT_ATTRIBUTES} onInput={onPhoneInput} data-phone-mask="" {...props} />;
}
