/**
 * P9: a phone field with a country list (searchable; full screen when the window is 500 px wide or less).
 * intl-tel-input and its number rules are a chunk of their own, loaded the first time a phone field shows.
 */

export { formatPhoneForReading } from './format';
export { PhoneInput } from './phone-input';
export type { PhoneInputProps } from './types';
